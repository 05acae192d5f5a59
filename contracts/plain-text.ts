/**
 * Markdown → the words a reader would see, for previews (specification §9 counts words and characters of
 * what is read, not of the markup). Deliberately small: previews need text, not a full parser.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // fenced code: keep the code, drop the fences
      .replace(/^\s*(```|~~~).*$/gm, '')
      // images before links, since an image is a link with a bang
      // (an address may hold one level of parentheses, as in javascript:alert(1))
      .replace(/!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      // reference-style link definitions
      .replace(/^\s*\[[^\]]+\]:\s+\S+.*$/gm, '')
      // raw HTML tags: their text stays, the tags go
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      // headings, block quotes, list bullets and numbers, horizontal rules
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s{0,3}>\s?/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
      .replace(/^\s*(?:[-*_]\s*){3,}$/gm, '')
      // emphasis, strikethrough and inline code markers
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(\*|_)(.+?)\1/g, '$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
