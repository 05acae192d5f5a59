import { describe, expect, it } from 'vitest';
import {
  clearSession,
  createMemoryStorage,
  loadSession,
  readSession,
  readAvatar,
  readToken,
  saveAccountUpdate,
  saveAvatar,
  saveSession,
  type KeyValueStorage,
} from './storage';

const TOKEN = 'header.payload.signature';

function storageWith(items: Record<string, string>): KeyValueStorage {
  const storage = createMemoryStorage();
  for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
  return storage;
}

describe('readSession (specification §2 signed-in rule)', () => {
  it('is signed in with a token of at least 10 characters', () => {
    const storage = storageWith({ token: TOKEN, username: 'ada', userId: 'u1' });
    expect(readSession(storage)).toEqual({ token: TOKEN, username: 'ada', userId: 'u1' });
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['the text undefined', { token: 'undefined' }],
    ['a token of 9 characters', { token: '123456789' }],
  ])('is signed out with %s', (_label, items: Record<string, string>) => {
    const storage = storageWith({ ...items, username: 'ada', userId: 'u1' });
    expect(readSession(storage)).toBeNull();
    expect(readToken(storage)).toBeNull();
  });

  it('decides by the token alone: a missing name or id reads as empty', () => {
    expect(readSession(storageWith({ token: TOKEN }))).toEqual({ token: TOKEN, username: '', userId: '' });
  });
});

describe('legacy usersname key (difference 2 from the specification)', () => {
  it('moves usersname into username once and removes it', () => {
    const storage = storageWith({ token: TOKEN, usersname: 'grace', userId: 'u2' });
    expect(loadSession(storage)).toEqual({ token: TOKEN, username: 'grace', userId: 'u2' });
    expect(storage.getItem('username')).toBe('grace');
    expect(storage.getItem('usersname')).toBeNull();
  });

  it('keeps an existing username, which the old app wrote more recently', () => {
    const storage = storageWith({ token: TOKEN, username: 'ada', usersname: 'stale', userId: 'u1' });
    expect(loadSession(storage)?.username).toBe('ada');
    expect(storage.getItem('usersname')).toBeNull();
  });

  it('leaves storage alone when there is nothing to migrate', () => {
    const storage = storageWith({ token: TOKEN, username: 'ada', userId: 'u1' });
    loadSession(storage);
    expect(storage.getItem('username')).toBe('ada');
  });
});

describe('writing the session (specification §4)', () => {
  it('sign-up and sign-in store token, username and userId, never usersname', () => {
    const storage = storageWith({ usersname: 'old' });
    saveSession(storage, { token: TOKEN, username: 'ada', userId: 'u1' });
    expect(storage.getItem('token')).toBe(TOKEN);
    expect(storage.getItem('username')).toBe('ada');
    expect(storage.getItem('userId')).toBe('u1');
    expect(storage.getItem('usersname')).toBeNull();
  });

  it('an account update replaces token and username and keeps the id', () => {
    const storage = storageWith({ token: TOKEN, username: 'ada', userId: 'u1' });
    saveAccountUpdate(storage, { token: 'fresh.token.value', username: 'lovelace' });
    expect(readSession(storage)).toEqual({ token: 'fresh.token.value', username: 'lovelace', userId: 'u1' });
  });

  it('logout removes token, username and userId', () => {
    const storage = storageWith({ token: TOKEN, username: 'ada', userId: 'u1', other: 'kept' });
    clearSession(storage);
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('username')).toBeNull();
    expect(storage.getItem('userId')).toBeNull();
    expect(storage.getItem('other')).toBe('kept');
  });
});

describe('the account’s picture for the header (decision 0086)', () => {
  const picture = { id: 'm1', url: 'https://cdn.example/m1-128.webp', srcset: 'a 64w, b 128w, c 256w' };

  it('is read back for the account it was written for, and only for it', () => {
    const storage = storageWith({ token: TOKEN, username: 'ada', userId: 'u1' });
    saveAvatar(storage, 'u1', { picture, image: null });
    expect(readSession(storage)).toEqual({
      token: TOKEN,
      username: 'ada',
      userId: 'u1',
      avatar: { picture, image: null },
    });
    expect(readAvatar(storage, 'u2')).toBeUndefined();
  });

  it('is dropped by a sign-in as another account and by logout, kept by the same account’s', () => {
    const storage = storageWith({ token: TOKEN, username: 'ada', userId: 'u1' });
    saveAvatar(storage, 'u1', { picture: null, image: 'https://pics.example/ada.png' });
    saveSession(storage, { token: TOKEN, username: 'ada', userId: 'u1' });
    expect(readAvatar(storage, 'u1')).toEqual({ picture: null, image: 'https://pics.example/ada.png' });
    saveSession(storage, { token: TOKEN, username: 'grace', userId: 'u2' });
    expect(storage.getItem('userPicture')).toBeNull();
    saveAvatar(storage, 'u2', { picture, image: null });
    clearSession(storage);
    expect(storage.getItem('userPicture')).toBeNull();
  });

  it('reads a value it did not write as none', () => {
    const storage = storageWith({ token: TOKEN, userId: 'u1', userPicture: '{not json' });
    expect(readAvatar(storage, 'u1')).toBeUndefined();
    storage.setItem('userPicture', JSON.stringify({ userId: 'u1', picture: { url: 1 }, image: 7 }));
    expect(readAvatar(storage, 'u1')).toEqual({ picture: null, image: null });
  });
});
