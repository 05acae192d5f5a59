import type { UnknownAction } from 'redux';
import type { AccountAvatar, StoredSession } from '../../lib/storage';

/** Who is signed in, as the header and the guards need it. */
export interface AuthUser {
  id: string;
  username: string;
  /** The account's picture for the header's button (decision 0086); absent until it is known. */
  avatar?: AccountAvatar;
}

/** Specification §3: status starts false and userData null. */
export interface AuthState {
  status: boolean;
  userData: AuthUser | null;
}

export const initialAuthState: AuthState = { status: false, userData: null };

/*
 * A plain Redux reducer and its action creators. Redux Toolkit's createSlice would write the same
 * in fewer lines, but ships Immer with it: several kilobytes on every first load for two actions.
 */

export const LOGIN = 'auth/login';
export const LOGOUT = 'auth/logout';
export const AVATAR = 'auth/avatar';

export type LoginAction = { type: typeof LOGIN; payload: AuthUser };
export type LogoutAction = { type: typeof LOGOUT };
export type AvatarAction = { type: typeof AVATAR; payload: { id: string; avatar: AccountAvatar } };

/** Specification §4: sets status to true and stores the userData carried by the action. */
export const login = (user: AuthUser): LoginAction => ({ type: LOGIN, payload: user });
/** Specification §4: sets status to false and clears userData. */
export const logout = (): LogoutAction => ({ type: LOGOUT });
/** The account's picture as the server said it: shown by the header if that account is signed in. */
export const avatarChanged = (id: string, avatar: AccountAvatar): AvatarAction => ({
  type: AVATAR,
  payload: { id, avatar },
});

export function isLogin(action: UnknownAction): action is LoginAction {
  return action.type === LOGIN;
}

export function authReducer(state: AuthState = initialAuthState, action: UnknownAction): AuthState {
  if (isLogin(action)) return { status: true, userData: action.payload };
  if (action.type === LOGOUT) return initialAuthState;
  if (action.type === AVATAR) {
    const { id, avatar } = (action as AvatarAction).payload;
    if (!state.userData || state.userData.id !== id) return state;
    return { ...state, userData: { ...state.userData, avatar } };
  }
  return state;
}

/** The state a page load starts in: signed in exactly when local storage says so (specification §2). */
export function authStateFromSession(session: StoredSession | null): AuthState {
  if (session === null) return initialAuthState;
  return { status: true, userData: userOf(session) };
}

/** The auth state's user for a stored session, with its picture when one is stored for it. */
export function userOf(session: StoredSession): AuthUser {
  return {
    id: session.userId,
    username: session.username,
    ...(session.avatar ? { avatar: session.avatar } : {}),
  };
}

export const selectAuth = (state: { auth: AuthState }): AuthState => state.auth;
