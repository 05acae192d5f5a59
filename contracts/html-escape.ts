/**
 * Escaping for text that lands in HTML built as a string (the server-rendered page's head and its
 * data block). Each function is for one place, since each place ends differently.
 */

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', "'": '&#39;' };

/** For element content, <title> included: no `<` survives to open or close a tag. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>]/g, (char) => TEXT_ESCAPES[char] ?? char);
}

/** For a quoted attribute value: neither quote can end it. */
export function escapeHtmlAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

const SCRIPT_JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a <script type="application/json"> or "application/ld+json" block. The HTML parser
 * ends a script at the first `</script`, whatever the JSON means, so `<` (and `>` and `&`, for
 * good measure) become JSON escapes; the value parses back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_JSON_ESCAPES[char] ?? char);
}
