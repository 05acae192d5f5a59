import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useNavigate } from 'react-router';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address inside the app, always absolute ('/readblog?id=…'). */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the browser should handle itself: another button, a modifier key, another window. */
function opensElsewhere(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button !== 0 ||
    (target !== undefined && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

/**
 * A link within the app: a real <a href> (it works before the app has loaded, without JavaScript
 * and in a new tab), followed by the router on a plain click. React Router's <Link> does the same
 * but resolves its address against the route tree on every render, which made it the largest
 * single cost of rendering a page of post cards on the server; every address here is absolute, so
 * there is nothing to resolve.
 */
export function AppLink({ to, onClick, target, ...anchor }: AppLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...anchor}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event, target)) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
