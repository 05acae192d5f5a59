import type MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];
type TokenConstructor = new (type: string, tag: string, nesting: -1 | 0 | 1) => Token;

/**
 * The dialect's wide or full picture and gallery (decision 82, contracts/picture-layouts.ts) as the
 * editor's blocks: a `picture_open`, its inline picture and `picture_close` become one
 * `image_block` (the image block, its width in `meta`), and a gallery's inline pictures become
 * image blocks between `gallery_open` and `gallery_close`. Runs after liftImages, which leaves
 * these tokens alone (they are no paragraphs).
 */
export function pictureBlocks(md: MarkdownIt): void {
  md.core.ruler.push('picture_blocks', (state) => {
    const Token = state.Token as unknown as TokenConstructor;
    const block = (image: Token) => {
      const token = new Token('image_block', 'img', 0);
      token.attrs = image.attrs;
      token.children = image.children;
      token.content = image.content;
      token.meta = image.meta;
      return token;
    };
    const out: Token[] = [];
    const tokens = state.tokens;
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index]!;
      const inline = tokens[index + 1];
      if ((token.type !== 'picture_open' && token.type !== 'gallery_open') || inline?.type !== 'inline') {
        out.push(token);
        continue;
      }
      const pictures = (inline.children ?? []).filter((child) => child.type === 'image').map(block);
      if (token.type === 'picture_open') {
        out.push(...pictures);
      } else {
        // The gallery's pictures have no width of their own.
        for (const picture of pictures) picture.meta = null;
        out.push(token, ...pictures, tokens[index + 2]!);
      }
      index += 2;
    }
    state.tokens = out;
  });
}
