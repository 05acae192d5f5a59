import { useSyncExternalStore } from 'react';

/*
 * Whether the signed-in account is an operator (issue 14 §2), as GET /api/user/me last said: the
 * account menu shows an Admin link only then. Kept beside the session rather than in it, so the
 * SPEC §3 auth state keeps its shape; filled by the check of the stored token on load and after
 * each sign-in (app/session-wiring.ts), so the menu never asks the server itself.
 */
const operators = new Map<string, boolean>();
const listeners = new Set<() => void>();

export function rememberOperatorStatus(userId: string, isOperator: boolean): void {
  if (operators.get(userId) === isOperator) return;
  operators.set(userId, isOperator);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False until the server has said otherwise, and always on the server's render. */
export function useIsOperator(userId: string | undefined): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (userId ? (operators.get(userId) ?? false) : false),
    () => false,
  );
}
