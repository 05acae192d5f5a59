import { useEffect } from 'react';

export function documentTitle(title?: string): string {
  return title ? `${title} · Inkwell` : 'Inkwell';
}

/**
 * Names the browser tab for the page it is rendered in. Set through document.title rather than a
 * React-hoisted <title>, because index.html's own <title> comes first and the browser uses the first.
 */
export function DocumentTitle({ title }: { title?: string }) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
