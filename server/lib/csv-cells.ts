/**
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return
 * before one) as a formula: a value a stranger chose (a post title, an email address typed into a
 * subscribe form) could then run in the writer's spreadsheet (OWASP, "CSV injection"). Such a cell
 * is written with a leading apostrophe, which spreadsheets show as text and do not display.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function defusedCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The value `defusedCell` wrote, for a file exported here and imported back. */
export function restoredCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
