import type MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];
type TokenConstructor = new (type: string, tag: string, nesting: -1 | 0 | 1) => Token;

/**
 * In Markdown a picture sits inside a paragraph; in the editor it is a block of its own (with its
 * caption). This markdown-it rule splits a paragraph around each image, so `text ![a](b) more`
 * becomes a paragraph, an image block and a paragraph. Nothing is dropped.
 */
export function liftImages(md: MarkdownIt): void {
  md.core.ruler.push('lift_images', (state) => {
    const Token = state.Token as unknown as TokenConstructor;
    const out: Token[] = [];
    const tokens = state.tokens;
    for (let index = 0; index < tokens.length; index += 1) {
      const open = tokens[index];
      const inline = tokens[index + 1];
      const close = tokens[index + 2];
      const children = inline?.children ?? [];
      if (
        open?.type !== 'paragraph_open' ||
        inline?.type !== 'inline' ||
        close?.type !== 'paragraph_close' ||
        !children.some((child) => child.type === 'image')
      ) {
        if (open) out.push(open);
        continue;
      }
      let run: Token[] = [];
      const flush = () => {
        while (run.length > 0 && isBreak(run[0])) run.shift();
        while (run.length > 0 && isBreak(run[run.length - 1])) run.pop();
        // The spaces that separated the text from the picture go with the picture.
        const first = run[0];
        const last = run[run.length - 1];
        if (first?.type === 'text') first.content = first.content.replace(/^\s+/, '');
        if (last?.type === 'text') last.content = last.content.replace(/\s+$/, '');
        run = run.filter((token) => token.type !== 'text' || token.content !== '');
        if (run.length === 0) return;
        const paragraphInline = new Token('inline', '', 0);
        paragraphInline.children = run;
        paragraphInline.content = '';
        out.push(copyOf(Token, open), paragraphInline, copyOf(Token, close));
        run = [];
      };
      for (const child of children) {
        if (child.type !== 'image') {
          run.push(child);
          continue;
        }
        flush();
        const image = new Token('image_block', 'img', 0);
        image.attrs = child.attrs;
        image.children = child.children;
        image.content = child.content;
        out.push(image);
      }
      flush();
      index += 2;
    }
    state.tokens = out;
  });
}

function isBreak(token: Token | undefined): boolean {
  return token?.type === 'softbreak' || token?.type === 'hardbreak';
}

function copyOf(Token: TokenConstructor, token: Token): Token {
  const copy = new Token(token.type, token.tag, token.nesting);
  copy.block = token.block;
  copy.hidden = token.hidden;
  copy.map = token.map;
  return copy;
}
