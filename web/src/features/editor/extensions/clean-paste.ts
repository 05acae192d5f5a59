const DROPPED = 'style, script, meta, link, title, xml, template';

/** The heading levels the `/` menu offers (block-commands.ts): a post's own title is its h1. */
const TOP_HEADING = 2;
const BOTTOM_HEADING = 4;

/** Between two cells of a pasted table's row. */
export const CELL_SEPARATOR = ' | ';

/** Elements that would start a block inside a table cell; a cell becomes one run of text. */
const BLOCKS_IN_CELLS = 'p, div, h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, pre, figure, table, tr, hr';

/**
 * Word processors put styles, Office-only tags and conditional comments in what they copy, and web
 * pages bring scripts and styles. ProseMirror's parser then keeps only our blocks and marks; this
 * removes what it would otherwise show as stray text, and turns what it would misread into what the
 * editor has: tables into one line per cell, headings into the levels it offers.
 */
export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.querySelectorAll(DROPPED).forEach((element) => element.remove());
  // Office's empty-paragraph markers (<o:p>) and other namespaced tags: keep their text only.
  document.body.querySelectorAll('*').forEach((element) => {
    if (element.tagName.includes(':')) element.replaceWith(...Array.from(element.childNodes));
  });
  pastedTables(document);
  mapHeadings(document);
  return document.body.innerHTML;
}

/**
 * A pasted table (a spreadsheet's cells, a web page's table) becomes the editor's table when
 * Markdown can hold it: no cell spans rows or columns (decision 69). Each cell's blocks run
 * together into one line, its line breaks become spaces and its pictures their alt text, the first
 * row is the header (a Markdown table has one) and header cells further down are bold; a caption
 * becomes a paragraph before the table. A table that spans cells cannot be said in Markdown: each
 * of its rows becomes a paragraph with its cells apart ("cell A | cell B"). Innermost tables first,
 * so a table in a cell reads as text.
 */
function pastedTables(document: Document): void {
  const tables = Array.from(document.querySelectorAll('table')).reverse();
  for (const table of tables) {
    const before: HTMLElement[] = [];
    const caption = table.querySelector(':scope > caption');
    if (caption?.textContent?.trim()) before.push(paragraphOf(document, caption.childNodes));
    const rows = Array.from(table.rows).filter((row) => row.cells.length > 0);
    const spans = rows.some((row) =>
      Array.from(row.cells).some((cell) => cell.colSpan > 1 || cell.rowSpan > 1),
    );
    table.replaceWith(...before, ...(spans ? flattened(document, rows) : [tableOf(document, rows)]));
  }
}

function tableOf(document: Document, rows: HTMLTableRowElement[]): HTMLElement {
  const table = document.createElement('table');
  const width = Math.max(0, ...rows.map((row) => row.cells.length));
  rows.forEach((row, index) => {
    const line = document.createElement('tr');
    for (let column = 0; column < width; column += 1) {
      const source = row.cells[column];
      const cell = document.createElement(index === 0 ? 'th' : 'td');
      const align = source ? alignmentOf(source) : null;
      if (align) cell.setAttribute('align', align);
      if (source) {
        const content = cellContent(document, source, true);
        if (index > 0 && source.tagName === 'TH') cell.append(bold(document, content));
        else cell.append(content);
      }
      line.append(cell);
    }
    table.append(line);
  });
  return table;
}

/** A cell's alignment, from `align` or its style, when it is one Markdown can write. */
function alignmentOf(cell: HTMLTableCellElement): string | null {
  const align = (cell.getAttribute('align') ?? cell.style.textAlign).toLowerCase();
  return ['left', 'right', 'center'].includes(align) ? align : null;
}

function bold(document: Document, content: DocumentFragment): HTMLElement {
  const strong = document.createElement('strong');
  strong.append(content);
  return strong;
}

function flattened(document: Document, rows: HTMLTableRowElement[]): HTMLElement[] {
  const paragraphs: HTMLElement[] = [];
  for (const row of rows) {
    const paragraph = document.createElement('p');
    const cells = Array.from(row.cells).filter(
      (cell) => cell.textContent?.trim() || cell.querySelector('img'),
    );
    cells.forEach((cell, index) => {
      if (index > 0) paragraph.append(CELL_SEPARATOR);
      const content = cellContent(document, cell, false);
      paragraph.append(cell.tagName === 'TH' ? bold(document, content) : content);
    });
    if (cells.length > 0) paragraphs.push(paragraph);
  }
  return paragraphs;
}

/**
 * A cell's inline content, its own blocks run together with a space between them. In a table's
 * cell a picture is its alt text, since the editor's picture is a block.
 */
function cellContent(document: Document, cell: HTMLTableCellElement, inTable: boolean): DocumentFragment {
  const copy = cell.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('br').forEach((lineBreak) => lineBreak.replaceWith(' '));
  if (inTable) copy.querySelectorAll('img').forEach((image) => image.replaceWith(image.alt));
  for (const block of Array.from(copy.querySelectorAll(BLOCKS_IN_CELLS)).reverse()) {
    block.replaceWith(' ', ...Array.from(block.childNodes), ' ');
  }
  const fragment = document.createDocumentFragment();
  fragment.append(...Array.from(copy.childNodes));
  // Text at either end trimmed, so separators read " | " and not "  |   ".
  const first = fragment.firstChild;
  if (first?.nodeType === Node.TEXT_NODE) first.textContent = (first.textContent ?? '').replace(/^\s+/, '');
  const last = fragment.lastChild;
  if (last?.nodeType === Node.TEXT_NODE) last.textContent = (last.textContent ?? '').replace(/\s+$/, '');
  return fragment;
}

function paragraphOf(document: Document, nodes: NodeListOf<ChildNode>): HTMLElement {
  const paragraph = document.createElement('p');
  paragraph.append(...Array.from(nodes));
  return paragraph;
}

/**
 * Headings keep their order but take the levels the `/` menu offers (2 to 4): a page that uses h1
 * has every level moved down by one (its h1 is the post's title level), and what is deeper than 4
 * becomes 4.
 */
function mapHeadings(document: Document): void {
  const headings = Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6'));
  if (headings.length === 0) return;
  const levels = headings.map((heading) => Number(heading.tagName.slice(1)));
  const shift = Math.max(0, TOP_HEADING - Math.min(...levels));
  headings.forEach((heading, index) => {
    const level = Math.min(BOTTOM_HEADING, Math.max(TOP_HEADING, (levels[index] ?? TOP_HEADING) + shift));
    if (level === levels[index]) return;
    const replacement = document.createElement(`h${level}`);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  });
}

/**
 * Cells copied from a spreadsheet as plain text (tab-separated values, one row a line), when no
 * HTML came with them: two lines or more, each with a tab. The rows of a table, or null.
 */
export function tabSeparatedRows(text: string): string[][] | null {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length < 2 || !lines.every((line) => line.includes('\t'))) return null;
  return lines.map((line) => line.split('\t').map((cell) => cell.trim()));
}
