/**
 * The /notifications page tells the bell the new unread count as soon as it changes, instead of
 * leaving it to the next poll.
 */
const UNREAD_CHANGED = 'inkwell:unread-notifications';

export function announceUnread(unread: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_CHANGED, { detail: unread }));
}

export function onUnreadAnnounced(listener: (unread: number) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<number>).detail);
  window.addEventListener(UNREAD_CHANGED, handler);
  return () => window.removeEventListener(UNREAD_CHANGED, handler);
}
