/** A UUID as Inkwell writes ids (lower case, version 7). */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The post an operator pasted: a read page's link (`/readblog?id=…`, any host) or the id itself.
 * null when it names no post.
 */
export function postIdFrom(reference: string): string | null {
  const text = reference.trim();
  try {
    const id = new URL(text, 'http://inkwell.invalid').searchParams.get('id');
    if (id && UUID.test(id)) return id.toLowerCase();
  } catch {
    // Not a link: maybe the id alone.
  }
  const match = UUID.exec(text);
  return match && match[0].length === text.length ? match[0].toLowerCase() : null;
}

/** A comment's id as pasted (the queue and the testimonials picker show it); null otherwise. */
export function idFrom(reference: string): string | null {
  const match = UUID.exec(reference.trim());
  return match ? match[0].toLowerCase() : null;
}
