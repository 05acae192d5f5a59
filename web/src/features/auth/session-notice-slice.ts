import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { login } from './auth-slice';

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

const initialState: SessionNoticeState = { message: null };

const sessionNoticeSlice = createSlice({
  name: 'sessionNotice',
  initialState,
  reducers: {
    showSessionNotice: (_state, action: PayloadAction<string>) => ({ message: action.payload }),
    clearSessionNotice: () => initialState,
  },
  extraReducers: (builder) => {
    builder.addCase(login, () => initialState);
  },
});

export const { showSessionNotice, clearSessionNotice } = sessionNoticeSlice.actions;
export const sessionNoticeReducer = sessionNoticeSlice.reducer;

export const selectSessionNotice = (state: { sessionNotice: SessionNoticeState }): string | null =>
  state.sessionNotice.message;
