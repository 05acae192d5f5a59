import { describe, expect, it } from 'vitest';
import type { PublicationMember, PublicationRole } from '../../../../../contracts/publications';
import { memberControls, powersOf } from './member-controls';

const member = (username: string, role: PublicationRole): PublicationMember => ({
  username,
  role,
  since: '2026-01-01T00:00:00.000Z',
});

describe('memberControls', () => {
  it('lets the owner change roles, remove and hand over to other members, never act on themself', () => {
    const owner = { username: 'Ada', role: 'owner' as const };
    expect(memberControls(owner, member('Bob', 'editor'), false)).toEqual({
      changeRole: true,
      remove: true,
      handOver: true,
      leave: false,
    });
    expect(memberControls(owner, member('ada', 'owner'), false)).toEqual({
      changeRole: false,
      remove: false,
      handOver: false,
      leave: false,
    });
  });

  it('never offers to hand over a writer’s own blog', () => {
    expect(memberControls({ username: 'Ada', role: 'owner' }, member('Bob', 'writer'), true).handOver).toBe(
      false,
    );
  });

  it('lets editors remove writers only, and leave', () => {
    const editor = { username: 'Eve', role: 'editor' as const };
    expect(memberControls(editor, member('Wim', 'writer'), false)).toMatchObject({
      remove: true,
      changeRole: false,
      handOver: false,
    });
    expect(memberControls(editor, member('Ed', 'editor'), false).remove).toBe(false);
    expect(memberControls(editor, member('Ada', 'owner'), false).remove).toBe(false);
    expect(memberControls(editor, member('EVE', 'editor'), false).leave).toBe(true);
  });

  it('gives writers and non-members nothing but, for writers, leaving', () => {
    const writer = { username: 'Wim', role: 'writer' as const };
    expect(memberControls(writer, member('Wil', 'writer'), false)).toEqual({
      changeRole: false,
      remove: false,
      handOver: false,
      leave: false,
    });
    expect(memberControls(writer, member('Wim', 'writer'), false).leave).toBe(true);
    expect(memberControls({ username: 'X', role: undefined }, member('X', 'writer'), false).leave).toBe(
      false,
    );
  });
});

describe('powersOf', () => {
  it('ranks owner over editor over writer', () => {
    expect(powersOf('owner')).toEqual({ owns: true, invites: true });
    expect(powersOf('editor')).toEqual({ owns: false, invites: true });
    expect(powersOf('writer')).toEqual({ owns: false, invites: false });
    expect(powersOf(undefined)).toEqual({ owns: false, invites: false });
  });
});
