import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/** How far below (or above) the screen the section starts to come alive: about a screen ahead. */
const NEAR_MARGIN = '800px 0px';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Leaves the server's HTML of `children` as it is while the page hydrates, and gives it to React
 * only once the reader comes within about a screen of it (or moves the focus into it, or the
 * address names something inside it). A long discussion under a post is most of a read page's markup:
 * hydrating it, and rendering it again when the session becomes known, kept the main thread busy
 * for hundreds of milliseconds after the post was on screen (Lighthouse's total blocking time),
 * while it is read, if at all, a screen or more further down.
 *
 * Reached by a link inside the app (no server HTML), the children render at once. Until they
 * render, what they show is the server's HTML: links work as links; buttons wait for it.
 *
 * `prepare` loads what the children need before they can render without waiting (their code, when
 * it is a chunk of its own): the server's HTML stays until it has resolved, so nothing blinks.
 */
export function HydrateWhenNear({
  children,
  className,
  prepare,
}: {
  children: ReactNode;
  className?: string;
  prepare?: () => Promise<void>;
}) {
  const hydrated = useHydrated();
  // Whether this mounted while the page was hydrating: only then is there server HTML to keep.
  const [waiting, setWaiting] = useState(!hydrated);
  const placeholder = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLDivElement>(null);
  // The server's element that had the focus when React took over: its new self gets it back.
  const focusedIndex = useRef(-1);

  useEffect(() => {
    const index = focusedIndex.current;
    if (waiting || index < 0) return;
    focusedIndex.current = -1;
    live.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[index]?.focus({ preventScroll: true });
  }, [waiting]);

  useEffect(() => {
    const element = placeholder.current;
    if (!waiting || !element) return;
    let woken = false;
    const wake = () => {
      if (woken) return;
      woken = true;
      void (prepare?.() ?? Promise.resolve())
        // Loading failed: the children render anyway, and say so where they wait for their code.
        .catch(() => undefined)
        .then(() => {
          // The focus is read when React takes over, wherever it has moved in the meantime.
          const focused = document.activeElement;
          if (focused && element.contains(focused)) {
            focusedIndex.current = [...element.querySelectorAll(FOCUSABLE)].indexOf(focused);
          }
          setWaiting(false);
        });
    };
    const hash = window.location.hash.slice(1);
    if (hash && element.querySelector(`[id="${CSS.escape(decodeURIComponent(hash))}"]`)) {
      wake();
      return;
    }
    if (typeof IntersectionObserver === 'undefined') {
      wake();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wake();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    // A reader who tabs into it before it shows: the focus moves to its new self.
    element.addEventListener('focusin', wake);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', wake);
    };
  }, [waiting, prepare]);

  if (import.meta.env.SSR || !waiting) {
    return (
      // data-live: React has the section (a click in it is answered); the server's HTML never says
      // so, the browser's element that replaces it does. Browser tests wait for it before a click.
      <div key="live" ref={live} className={className} data-live={import.meta.env.SSR ? undefined : ''}>
        {children}
      </div>
    );
  }
  // React keeps an element's server content as it is when it is given as inner HTML: the
  // children are neither hydrated nor replaced until `waiting` ends, when a new element takes
  // this one's place with them.
  return (
    <div
      key="kept"
      ref={placeholder}
      className={className}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
