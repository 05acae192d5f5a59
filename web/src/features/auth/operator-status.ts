/*
 * Whether a signed-in account is an operator, as GET /api/user/me last said: the
 * account menu shows an Admin link only then. Kept beside the session rather than in it, so the
 * Specification §3 auth state keeps its shape; filled by the check of the stored token on load and after
 * each sign-in (app/session-wiring.ts). The menu reads it when it opens, by which time the answer
 * is in: a plain set, with nothing to subscribe to, keeps the first load of every page small.
 */
const operators = new Set<string>();

export function rememberOperatorStatus(userId: string, isOperator: boolean): void {
  if (isOperator) operators.add(userId);
  else operators.delete(userId);
}

export const isKnownOperator = (userId: string): boolean => operators.has(userId);

/*
 * The account's handle, as GET /api/user/me last said, kept the same way for the same reason: the
 * menu's "Your Profile" goes to /@handle once it is known, to /profile?userId= until then.
 */
const handles = new Map<string, string>();

export function rememberHandle(userId: string, handle: string | null): void {
  if (handle) handles.set(userId, handle);
  else handles.delete(userId);
}

export const knownHandle = (userId: string): string | null => handles.get(userId) ?? null;
