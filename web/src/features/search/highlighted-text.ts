/**
 * The search API's snippets are HTML whose only element is <mark> (contracts/search.ts). Rather
 * than trusting that with innerHTML, the page reads them back into plain text runs, marked or not,
 * and React writes each as text: whatever a snippet holds, it can never become markup.
 */
export interface TextRun {
  text: string;
  marked: boolean;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the character references an HTML escaper writes (&amp; &lt; &#39; &#x27; …). */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** "a <mark>b</mark> c" → [{a }, {b, marked}, { c}]; any other tag-like text stays text. */
export function highlightedRuns(html: string): TextRun[] {
  const runs: TextRun[] = [];
  const parts = html.split(/(<mark>|<\/mark>)/);
  let marked = false;
  for (const part of parts) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part !== '') runs.push({ text: decodeEntities(part), marked });
  }
  return runs;
}
