/**
 * JSON for a page's script blocks. HTML text and attribute values are escaped with the
 * `escape-html` package everywhere (one escaper for the whole code base, text and attributes).
 */

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
