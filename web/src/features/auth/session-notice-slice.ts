import type { UnknownAction } from 'redux';
import { isLogin } from './auth-slice';

/** PRODUCT fix 8: what the sign-in page says after the server rejected the stored token. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * Kept apart from the auth slice, whose shape SPEC §3 fixes, and in the store rather than in the
 * URL or navigation state: a guard may redirect to /signin before the code that noticed the
 * rejected token does, and the message must survive whichever navigation wins.
 */
export interface SessionNoticeState {
  message: string | null;
}

export const initialSessionNoticeState: SessionNoticeState = { message: null };

const SHOW = 'sessionNotice/show';
const CLEAR = 'sessionNotice/clear';

type ShowAction = { type: typeof SHOW; payload: string };

export const showSessionNotice = (message: string): ShowAction => ({ type: SHOW, payload: message });
export const clearSessionNotice = () => ({ type: CLEAR }) as const;

function isShow(action: UnknownAction): action is ShowAction {
  return action.type === SHOW;
}

export function sessionNoticeReducer(
  state: SessionNoticeState = initialSessionNoticeState,
  action: UnknownAction,
): SessionNoticeState {
  if (isShow(action)) return { message: action.payload };
  // A new sign-in (and the explicit clear) ends the notice.
  if (action.type === CLEAR || isLogin(action)) return initialSessionNoticeState;
  return state;
}

export const selectSessionNotice = (state: { sessionNotice: SessionNoticeState }): string | null =>
  state.sessionNotice.message;
