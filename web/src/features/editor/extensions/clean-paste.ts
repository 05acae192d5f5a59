const DROPPED = 'style, script, meta, link, title, xml, template';

/**
 * Word processors put styles, Office-only tags and conditional comments in what they copy, and web
 * pages bring scripts and styles. ProseMirror's parser then keeps only our blocks and marks; this
 * removes what it would otherwise show as stray text.
 */
export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.querySelectorAll(DROPPED).forEach((element) => element.remove());
  // Office's empty-paragraph markers (<o:p>) and other namespaced tags: keep their text only.
  document.body.querySelectorAll('*').forEach((element) => {
    if (element.tagName.includes(':')) element.replaceWith(...Array.from(element.childNodes));
  });
  return document.body.innerHTML;
}
