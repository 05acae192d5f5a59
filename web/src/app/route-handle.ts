/** What a route declares about itself through React Router's `handle`. */
export interface RouteHandle {
  /** Behind RequireAccount: leaving the session must also leave the page. */
  requiresAccount?: boolean;
}

/** Takes the handles of the matched routes, outermost first. */
export function requiresAccount(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as RouteHandle | undefined)?.requiresAccount === true);
}
