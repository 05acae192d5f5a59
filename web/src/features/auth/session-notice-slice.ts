import type { UnknownAction } from 'redux';
import { isLogin } from './auth-slice';

/** Difference 8 from the specification: what the sign-in page says after the server rejected the stored token. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * Kept apart from the auth slice, whose shape specification §3 fixes, and in the store rather than in the
 * URL or navigation state: a guard may redirect to /signin before the code that noticed the
 * rejected token does, and the message must survive whichever navigation wins.
 */
export interface SessionNoticeState {
  message: string | null;
  /**
   * Where the reader goes, and the notice is shown once, instead of /signin: someone whose account
   * is gone has nothing to sign in to. null: /signin shows it.
   */
  showOn: string | null;
  /**
   * The history entry (its location key) on which the reader pressed Logout. A page there that needs
   * an account sends them to the list, not to /signin: its guard decides, so no navigation started
   * before the session ended can be overtaken (a revalidation settles `navigate()`'s promise early).
   */
  signedOutAt: string | null;
}

export const initialSessionNoticeState: SessionNoticeState = {
  message: null,
  showOn: null,
  signedOutAt: null,
};

const SHOW = 'sessionNotice/show';
const CLEAR = 'sessionNotice/clear';
const SIGNED_OUT = 'sessionNotice/signedOut';

type ShowAction = { type: typeof SHOW; payload: string; showOn: string | null };
type SignedOutAction = { type: typeof SIGNED_OUT; locationKey: string };

export const showSessionNotice = (message: string, showOn: string | null = null): ShowAction => ({
  type: SHOW,
  payload: message,
  showOn,
});
export const clearSessionNotice = () => ({ type: CLEAR }) as const;
/** The reader pressed Logout on the history entry `locationKey` (see `signedOutAt`). */
export const signedOutByReader = (locationKey: string): SignedOutAction => ({
  type: SIGNED_OUT,
  locationKey,
});

function isShow(action: UnknownAction): action is ShowAction {
  return action.type === SHOW;
}

function isSignedOut(action: UnknownAction): action is SignedOutAction {
  return action.type === SIGNED_OUT;
}

export function sessionNoticeReducer(
  state: SessionNoticeState = initialSessionNoticeState,
  action: UnknownAction,
): SessionNoticeState {
  if (isShow(action)) return { message: action.payload, showOn: action.showOn, signedOutAt: null };
  if (isSignedOut(action)) return { ...initialSessionNoticeState, signedOutAt: action.locationKey };
  // A new sign-in (and the explicit clear) ends the notice.
  if (action.type === CLEAR || isLogin(action)) return initialSessionNoticeState;
  return state;
}

/** The notice /signin shows: why the session ended. */
export const selectSessionNotice = (state: { sessionNotice: SessionNoticeState }): string | null =>
  state.sessionNotice.showOn === null ? state.sessionNotice.message : null;

/** A notice shown on another page (see `showOn`), with that page. */
export const selectPageNotice = (state: { sessionNotice: SessionNoticeState }) =>
  state.sessionNotice.showOn !== null && state.sessionNotice.message !== null
    ? { message: state.sessionNotice.message, showOn: state.sessionNotice.showOn }
    : null;

/** The history entry on which the reader signed out, if they did (see `signedOutAt`). */
export const selectSignedOutAt = (state: { sessionNotice: SessionNoticeState }): string | null =>
  state.sessionNotice.signedOutAt;
