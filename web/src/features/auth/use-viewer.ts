import type { AuthUser } from './auth-slice';
import { useSession } from './use-session';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * Who reads the page, as far as the page may say yet. `known` is false while the server renders
 * and while the browser hydrates: the server cannot see the session in local storage, so pages
 * render the visitor's view then, and mark what differs for a signed-in reader with the
 * `when-signed-in` / `when-signed-out` classes (global.css), which the signed-in hint set before
 * the first paint resolves.
 */
export interface Viewer {
  known: boolean;
  status: boolean;
  user: AuthUser | null;
}

export function useViewer(): Viewer {
  const hydrated = useHydrated();
  const { status, userData } = useSession();
  return hydrated
    ? { known: true, status, user: status ? userData : null }
    : { known: false, status: false, user: null };
}
