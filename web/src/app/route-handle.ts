/** What a route declares about itself through React Router's `handle`. */
export interface RouteHandle {
  /** Behind RequireAccount: leaving the session must also leave the page. */
  requiresAccount?: boolean;
  /** The page module's source file (lazy-page.ts), for the server to find its chunk. */
  source?: string;
  /**
   * The route's data changes with who reads it (`favorited`, `following`, the reader's own
   * pages): after hydrating the server's visitor view, a signed-in reader's browser loads it again.
   */
  readerData?: boolean;
}

/** Takes the handles of the matched routes, outermost first. */
export function requiresAccount(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as RouteHandle | undefined)?.requiresAccount === true);
}

/** The page modules of the matched routes, outermost first. */
export function pageSources(handles: readonly unknown[]): string[] {
  return handles
    .map((handle) => (handle as RouteHandle | undefined)?.source)
    .filter((source): source is string => source !== undefined);
}

/** Whether any matched route's data depends on the reader. */
export function hasReaderData(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as RouteHandle | undefined)?.readerData === true);
}
