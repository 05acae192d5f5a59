import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { createMarkdownParser } from './markdown-parser';
import { createMarkdownSerializer } from './markdown-serializer';

/**
 * Markdown in, Markdown out (specification §7: a post's `content` is Markdown): markdown-it with the
 * CommonMark rules reads it into the editor's schema (markdown-parser.ts); prosemirror-markdown
 * writes it back (markdown-serializer.ts). The editor loads the two separately; this pairs them.
 */
export interface EditorMarkdown {
  parse(markdown: string): ProseMirrorNode;
  serialize(doc: ProseMirrorNode): string;
}

export function createEditorMarkdown(schema: Schema): EditorMarkdown {
  return { parse: createMarkdownParser(schema), serialize: createMarkdownSerializer() };
}
