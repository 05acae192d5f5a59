import type { Editor } from '@tiptap/core';

/** A block the writer can insert from the `/` menu. */
export interface BlockCommand {
  id: string;
  label: string;
  /** The Markdown shortcut that makes the same block while typing, shown as a hint. */
  shortcut: string;
  keywords: string[];
  run: (editor: Editor) => void;
}

/**
 * The `/` menu's blocks. `image` is handled by the page (it needs a file picker and an upload),
 * so it is given in by the caller.
 */
export function blockCommands(insertImage: (editor: Editor) => void): BlockCommand[] {
  return [
    {
      id: 'paragraph',
      label: 'Text',
      shortcut: '',
      keywords: ['paragraph', 'plain'],
      run: (e) => void e.chain().focus().setParagraph().run(),
    },
    ...([2, 3, 4] as const).map((level) => ({
      id: `heading-${level}`,
      label: `Heading ${level}`,
      shortcut: `${'#'.repeat(level)} `,
      keywords: ['title', 'heading', `h${level}`],
      run: (e: Editor) => void e.chain().focus().setHeading({ level }).run(),
    })),
    {
      id: 'quote',
      label: 'Quote',
      shortcut: '> ',
      keywords: ['blockquote', 'citation'],
      run: (e) => void e.chain().focus().toggleBlockquote().run(),
    },
    {
      id: 'bullet-list',
      label: 'Bulleted list',
      shortcut: '- ',
      keywords: ['unordered', 'ul', 'bullets'],
      run: (e) => void e.chain().focus().toggleBulletList().run(),
    },
    {
      id: 'numbered-list',
      label: 'Numbered list',
      shortcut: '1. ',
      keywords: ['ordered', 'ol'],
      run: (e) => void e.chain().focus().toggleOrderedList().run(),
    },
    {
      id: 'code-block',
      label: 'Code block',
      shortcut: '```',
      keywords: ['code', 'pre', 'snippet'],
      run: (e) => void e.chain().focus().toggleCodeBlock().run(),
    },
    { id: 'image', label: 'Image', shortcut: '', keywords: ['picture', 'photo', 'upload'], run: insertImage },
    {
      id: 'divider',
      label: 'Divider',
      shortcut: '---',
      keywords: ['rule', 'hr', 'separator'],
      run: (e) => void e.chain().focus().setHorizontalRule().run(),
    },
  ];
}

export function matchBlockCommands(commands: BlockCommand[], query: string): BlockCommand[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return commands;
  return commands.filter(
    (command) =>
      command.label.toLowerCase().includes(wanted) ||
      command.keywords.some((keyword) => keyword.startsWith(wanted)),
  );
}
