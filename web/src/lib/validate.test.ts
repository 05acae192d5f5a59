import { describe, expect, it } from 'vitest';
import {
  NOTHING_TO_UPDATE_MESSAGE,
  signInSchema,
  signUpSchema,
  userUpdateSchema,
} from '../../../contracts/auth';
import { firstMessages, validate } from './validate';

describe('validate with the shared schemas (specification §5)', () => {
  it('gives one message per field, under the field it belongs to', () => {
    const result = validate(signUpSchema, { username: 'a', email: 'nope', password: '123' });
    expect(result).toEqual({
      ok: false,
      errors: {
        username: 'Name must be at least 2 characters',
        email: 'Email address must be a valid address',
        password: 'Password must be at least 6 characters',
      },
    });
  });

  it('reports empty required fields', () => {
    const result = validate(signInSchema, { email: '', password: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.email).toBe('Email is required');
      expect(result.errors.password).toBe('Password is required');
    }
  });

  it('passes valid input through, trimmed', () => {
    expect(validate(signInSchema, { email: ' ada@example.com ', password: 'secret1' })).toEqual({
      ok: true,
      data: { email: 'ada@example.com', password: 'secret1' },
    });
  });

  it('treats empty update fields as absent, and asks for at least one', () => {
    expect(
      validate(userUpdateSchema, { username: '', password: 'secret1', currentPassword: 'secret0' }),
    ).toEqual({
      ok: true,
      data: { password: 'secret1', currentPassword: 'secret0' },
    });
    // The specification's own call (specification §7) sends no current password: the form lets it through,
    // and the server asks for one only when the sign-in is not recent.
    expect(validate(userUpdateSchema, { username: '', password: 'secret1', currentPassword: '' })).toEqual({
      ok: true,
      data: { password: 'secret1' },
    });
    expect(validate(userUpdateSchema, { username: '', password: '' })).toEqual({
      ok: false,
      errors: { username: NOTHING_TO_UPDATE_MESSAGE },
    });
  });
});

describe('firstMessages', () => {
  it('keeps the first server message for each field', () => {
    expect(firstMessages({ email: ['taken', 'other'], password: [] })).toEqual({ email: 'taken' });
  });
});
