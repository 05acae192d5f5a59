import type { Editor } from '@tiptap/core';
import { inTableCell } from '../schema/markdown-blocks';

/** A block the writer can insert from the `/` menu. */
export interface BlockCommand {
  id: string;
  label: string;
  /** The Markdown shortcut that makes the same block while typing, shown as a hint. */
  shortcut: string;
  keywords: string[];
  run: (editor: Editor) => void;
  /**
   * Where the command is offered: in a table cell, only what a cell can hold (a footnote) and what
   * changes the table; elsewhere, blocks.
   */
  where?: 'table' | 'anywhere';
}

/**
 * The table, footnote and callout commands are fetched the first time one is chosen (decision 69),
 * so the writing page's first load does not carry them.
 */
let tableCommands: Promise<typeof import('./table-commands')> | null = null;
const loadTableCommands = () => (tableCommands ??= import('./table-commands'));

/** Starts fetching those commands (once): the `/` menu asks as it opens. */
export function prefetchBlockCommands(): void {
  void loadTableCommands();
}

function later(run: (commands: TableCommands, editor: Editor) => void): (editor: Editor) => void {
  return (editor) =>
    void loadTableCommands().then((commands) => {
      if (!editor.isDestroyed) run(commands, editor);
    });
}

/** Whether the cursor is in a table cell (cheap: asked as the `/` menu filters). */
export function cursorInTable(editor: Editor): boolean {
  return inTableCell(editor.state);
}

const CALLOUTS = [
  { kind: 'note', label: 'Note', keywords: ['callout', 'info', 'aside'] },
  { kind: 'tip', label: 'Tip', keywords: ['callout', 'hint', 'aside'] },
  { kind: 'warning', label: 'Warning', keywords: ['callout', 'caution', 'danger', 'aside'] },
] as const;

type TableCommands = Awaited<ReturnType<typeof loadTableCommands>>;

/** What the `/` menu offers in a table cell: label, words it is found by, what it does. */
const TABLE_COMMANDS: BlockCommand[] = (
  [
    ['row-below', 'Add row below', 'row insert', (c, e) => c.addRow(e, true)],
    ['row-above', 'Add row above', 'row insert', (c, e) => c.addRow(e, false)],
    ['column-right', 'Add column right', 'column insert', (c, e) => c.addColumn(e, true)],
    ['column-left', 'Add column left', 'column insert', (c, e) => c.addColumn(e, false)],
    ['delete-row', 'Delete row', 'row remove', (c, e) => c.deleteRow(e)],
    ['delete-column', 'Delete column', 'column remove', (c, e) => c.deleteColumn(e)],
    ['delete-table', 'Delete table', 'remove', (c, e) => c.deleteTable(e)],
  ] as const satisfies readonly [string, string, string, (commands: TableCommands, editor: Editor) => void][]
).map(([id, label, keywords, run]) => ({
  id,
  label,
  shortcut: id === 'row-below' ? 'Tab in the last cell' : '',
  keywords: [...keywords.split(' '), 'table'],
  where: 'table' as const,
  run: later(run),
}));

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
    // The same picker: choosing two or three pictures makes a gallery (decision 82).
    {
      id: 'gallery',
      label: 'Gallery',
      shortcut: '',
      keywords: ['pictures', 'photos', 'images', 'side', 'grid'],
      run: insertImage,
    },
    {
      id: 'divider',
      label: 'Divider',
      shortcut: '---',
      keywords: ['rule', 'hr', 'separator'],
      run: (e) => void e.chain().focus().setHorizontalRule().run(),
    },
    {
      id: 'table',
      label: 'Table',
      shortcut: '| a | b |',
      keywords: ['table', 'grid', 'rows', 'columns'],
      run: later((commands, editor) => commands.insertTable(editor)),
    },
    {
      id: 'footnote',
      label: 'Footnote',
      shortcut: '[^1]',
      keywords: ['footnote', 'note', 'reference', 'citation'],
      where: 'anywhere',
      run: later((commands, editor) => commands.insertFootnote(editor)),
    },
    ...CALLOUTS.map(({ kind, label, keywords }) => ({
      id: `callout-${kind}`,
      label,
      shortcut: `> [!${kind.toUpperCase()}]`,
      keywords: [...keywords],
      run: later((commands, editor: Editor) => commands.setCallout(editor, kind)),
    })),
    {
      id: 'embed',
      label: 'Embed',
      shortcut: 'an address alone on its line',
      keywords: ['embed', 'video', 'youtube', 'vimeo', 'codepen', 'gist', 'bluesky', 'mastodon'],
      // Fetched when chosen, with the address reader (decision 81).
      run: (editor) =>
        void import('./embed-commands').then(({ insertEmbed }) => {
          if (!editor.isDestroyed) insertEmbed(editor);
        }),
    },
    ...TABLE_COMMANDS,
  ];
}

export function matchBlockCommands(commands: BlockCommand[], query: string, inTable = false): BlockCommand[] {
  const here = commands.filter((command) =>
    inTable ? command.where === 'table' || command.where === 'anywhere' : command.where !== 'table',
  );
  const wanted = query.trim().toLowerCase();
  if (!wanted) return here;
  return here.filter(
    (command) =>
      command.label.toLowerCase().includes(wanted) ||
      command.keywords.some((keyword) => keyword.startsWith(wanted)),
  );
}
