export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * PRODUCT fix 7: Share opens the system share sheet where the browser has one (phones, some
 * desktops), and otherwise copies the link. Closing the share sheet is not a failure.
 */
export async function shareLink(title: string, url: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and friends: the sheet could not open here, so copy instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
