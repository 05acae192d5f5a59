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
 * editor has: tables into readable rows, headings into the levels it offers.
 */
export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.querySelectorAll(DROPPED).forEach((element) => element.remove());
  // Office's empty-paragraph markers (<o:p>) and other namespaced tags: keep their text only.
  document.body.querySelectorAll('*').forEach((element) => {
    if (element.tagName.includes(':')) element.replaceWith(...Array.from(element.childNodes));
  });
  flattenTables(document);
  mapHeadings(document);
  return document.body.innerHTML;
}

/**
 * A web page's table rarely fits Markdown's (one line of text per cell, no caption, no cell spanning
 * two), which is all the editor's table block holds (decision 54): each row becomes a paragraph
 * with its cells apart ("cell A | cell B"), header cells in bold, and the caption a paragraph
 * before them. Innermost tables first, so a table in a cell reads as text too.
 */
function flattenTables(document: Document): void {
  const tables = Array.from(document.querySelectorAll('table')).reverse();
  for (const table of tables) {
    const paragraphs: HTMLElement[] = [];
    const caption = table.querySelector(':scope > caption');
    if (caption?.textContent?.trim()) paragraphs.push(paragraphOf(document, caption.childNodes));
    for (const row of Array.from(table.rows)) {
      const paragraph = document.createElement('p');
      const cells = Array.from(row.cells).filter(
        (cell) => cell.textContent?.trim() || cell.querySelector('img'),
      );
      cells.forEach((cell, index) => {
        if (index > 0) paragraph.append(CELL_SEPARATOR);
        const content = cellContent(document, cell);
        if (cell.tagName === 'TH') {
          const strong = document.createElement('strong');
          strong.append(content);
          paragraph.append(strong);
        } else {
          paragraph.append(content);
        }
      });
      if (cells.length > 0) paragraphs.push(paragraph);
    }
    table.replaceWith(...paragraphs);
  }
}

/** A cell's inline content, its own blocks run together with a space between them. */
function cellContent(document: Document, cell: HTMLTableCellElement): DocumentFragment {
  const copy = cell.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('br').forEach((lineBreak) => lineBreak.replaceWith(' '));
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
