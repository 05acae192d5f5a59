import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredSession } from '../../lib/storage';

/** Who is signed in, as the header and the guards need it. */
export interface AuthUser {
  id: string;
  username: string;
}

/** SPEC §3: status starts false and userData null. */
export interface AuthState {
  status: boolean;
  userData: AuthUser | null;
}

export const initialAuthState: AuthState = { status: false, userData: null };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** SPEC §4: sets status to true and stores the userData carried by the action. */
    login: (_state, action: PayloadAction<AuthUser>) => ({ status: true, userData: action.payload }),
    /** SPEC §4: sets status to false and clears userData. */
    logout: () => initialAuthState,
  },
});

export const { login, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;

/** The state a page load starts in: signed in exactly when local storage says so (SPEC §2). */
export function authStateFromSession(session: StoredSession | null): AuthState {
  if (session === null) return initialAuthState;
  return { status: true, userData: { id: session.userId, username: session.username } };
}

export const selectAuth = (state: { auth: AuthState }): AuthState => state.auth;
