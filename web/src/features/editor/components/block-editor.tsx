import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import {
  forwardRef,
  lazy,
  Suspense,
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ParseMarkdown } from '../markdown/markdown-parser';
import { createMarkdownSerializer } from '../markdown/markdown-serializer';
import { editorExtensions } from '../schema/editor-extensions';
import { inTableCell, tableOf } from '../schema/markdown-blocks';
import { cleanPastedHtml, tabSeparatedRows } from '../extensions/clean-paste';
import { ImageUpload, insertUploadedImages, type UploadImage } from '../extensions/image-upload';
import { PointerTools } from '../extensions/pointer-tools-loader';
import { MoveBlock } from '../extensions/move-block';
import { RemotePictures, type CopyRemotePictures } from '../extensions/remote-pictures';
import { EmbedPaste } from '../extensions/embed-paste';
import { SlashCommand, type SlashMenuBridge, type SlashMenuState } from '../extensions/slash-command';
import type { BlockCommand } from '../lib/block-commands';
import { showsToolbar } from '../lib/toolbar-visibility';
import '../editor.css';

/** What the form asks of the editor: its Markdown only when it needs it, not at every keystroke. */
export interface BlockEditorHandle {
  getMarkdown: () => string;
  /** The body's plain text, for the word count. */
  getText: () => string;
  /** Replaces the body; resolves once it holds the new content (the Markdown reader may load first). */
  setMarkdown: (markdown: string) => Promise<void>;
  focus: () => void;
}

export interface BlockEditorProps {
  initialMarkdown: string;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  placeholder: string;
  /** Called after every change; cheap, so the form decides when to read the Markdown. */
  onChange: () => void;
  /** Called once the editor holds its first content (the counts start from it). */
  onReady: () => void;
  upload: UploadImage;
  /** Copies the pictures of a paste from other sites into the media store. */
  copyRemote: CopyRemotePictures;
}

/**
 * The toolbar on a selection (with Tiptap's BubbleMenu and floating-ui to place it) is not needed to
 * type: its module is fetched when the writer first enters the body, and it is shown the first time
 * a selection wants it (toolbar-visibility.ts).
 */
const loadToolbar = () => import('./selection-toolbar');
const SelectionToolbar = lazy(async () => ({ default: (await loadToolbar()).SelectionToolbar }));

/**
 * The `/` menu's blocks and its list come with its plugin at the first `/` typed
 * (extensions/slash-command.ts): the menu is never shown, nor asked for its items, before.
 */
let slashMenuParts: typeof import('../lib/slash-menu-parts') | undefined;
let slashMenuLoading: Promise<unknown> | undefined;
const loadSlashMenuParts = () =>
  (slashMenuLoading ??= import('../lib/slash-menu-parts').then(
    (parts) => (slashMenuParts = parts),
    (error: unknown) => {
      // Offline: the next `/` asks again.
      slashMenuLoading = undefined;
      throw error;
    },
  ));

/**
 * The Markdown reader (markdown-it, most of the editor's Markdown weight) loads only when there is
 * Markdown to read: a post being edited, a copy restored. A new post starts empty without it.
 */
let markdownReader: Promise<typeof import('../markdown/markdown-parser')> | null = null;
const loadMarkdownReader = () => (markdownReader ??= import('../markdown/markdown-parser'));

/**
 * The body of a post as blocks, on Tiptap. Markdown goes in and comes out
 * (editor-markdown.ts); the schema keeps only our blocks, so pasted pages are cleaned to them.
 */
export const BlockEditor = forwardRef<BlockEditorHandle, BlockEditorProps>(function BlockEditor(
  { initialMarkdown, labelledBy, describedBy, invalid, placeholder, onChange, onReady, upload, copyRemote },
  ref,
) {
  const [slashMenu, setSlashMenu] = useState<SlashMenuState | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // null until a selection first needs the toolbar; then whether Alt+F10 asked to move into it.
  const [toolbar, setToolbar] = useState<{ focus: boolean } | null>(null);
  const toolbarShown = useRef(false);
  const toolbarMounted = useRef(false);
  const onToolbarMount = useCallback(() => {
    toolbarMounted.current = true;
  }, []);
  const showToolbar = (focus: boolean) => {
    if (toolbarShown.current) return;
    toolbarShown.current = true;
    setToolbar({ focus });
  };
  const menuRef = useRef({ slashMenu, activeIndex });
  menuRef.current = { slashMenu, activeIndex };
  const fileInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  const commands = useRef<BlockCommand[] | null>(null);

  const bridge = useMemo<SlashMenuBridge>(
    () => ({
      prepare: loadSlashMenuParts,
      items: (query, current) => {
        const parts = slashMenuParts;
        if (!parts) return [];
        commands.current ??= parts.blockCommands(() => fileInput.current?.click());
        // Fetched as the menu opens, so a table, footnote or callout chosen from it is there at
        // once and the keys typed right after it land in it, not where the menu was opened.
        parts.prefetchBlockCommands();
        return parts.matchBlockCommands(commands.current, query, parts.cursorInTable(current));
      },
      show: (state) => {
        setSlashMenu(state);
        setActiveIndex(0);
      },
      keyDown: (event) => {
        const { slashMenu: menu, activeIndex: index } = menuRef.current;
        if (!menu || menu.items.length === 0) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActiveIndex((index + step + menu.items.length) % menu.items.length);
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') {
          const item = menu.items[index];
          if (item) menu.choose(item);
          return true;
        }
        if (event.key === 'Escape') {
          setSlashMenu(null);
          return true;
        }
        return false;
      },
    }),
    [],
  );

  const extensions = useMemo(() => editorExtensions(), []);
  // The writer is needed at any moment (autosave, leaving, Publish), so it is always at hand.
  const serialize = useMemo(() => createMarkdownSerializer(), []);
  // One reader per editor, made with its schema once its module is here.
  const parserRef = useRef<ParseMarkdown | null>(null);
  const parse = async (current: Editor, markdown: string) => {
    parserRef.current ??= (await loadMarkdownReader()).createMarkdownParser(current.schema);
    return parserRef.current(markdown).toJSON();
  };
  // Whether the body holds the post's content yet: until then the form reads `initialMarkdown`.
  const [hasContent] = useState(() => initialMarkdown.trim() !== '');
  const ready = useRef(!hasContent);
  if (hasContent) void loadMarkdownReader();

  const editor = useEditor({
    extensions: [
      ...extensions,
      MoveBlock,
      PointerTools,
      SlashCommand.configure({ bridge }),
      ImageUpload.configure({ upload }),
      RemotePictures.configure({ copy: copyRemote }),
      EmbedPaste,
    ],
    // Rendered on the server too; the editor itself only ever starts in the browser.
    immediatelyRender: false,
    // Tiptap would add its base styles as an inline <style>, which our CSP (style-src 'self')
    // refuses; editor.css carries them instead.
    injectCSS: false,
    // The React tree does not depend on each transaction: typing re-renders nothing.
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'block-editor__body',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        'data-placeholder': placeholder,
        spellcheck: 'true',
      },
      transformPastedHTML: cleanPastedHtml,
      // Cells from a spreadsheet that came as text alone (HTML tables are read by the schema).
      handlePaste: (view, event) => {
        const data = event.clipboardData;
        const { $from } = view.state.selection;
        // Not in code, where tabs are code; not in a cell, where no table can stand.
        if (!data || data.getData('text/html') || $from.parent.type.spec.code || inTableCell(view.state))
          return false;
        const rows = tabSeparatedRows(data.getData('text/plain'));
        if (!rows) return false;
        view.dispatch(view.state.tr.replaceSelectionWith(tableOf(view.state.schema, rows)).scrollIntoView());
        return true;
      },
      handleKeyDown: (view, event) => {
        // Alt+F10 before the toolbar is there: it loads (if it was not on its way) and takes the focus.
        if (toolbarMounted.current || event.key !== 'F10' || !event.altKey || !view.editable) return false;
        toolbarShown.current = true;
        setToolbar({ focus: true });
        return true;
      },
    },
    // A post being edited becomes editable once its content is in, so no keystroke is lost to it.
    editable: !hasContent,
    onCreate: ({ editor: created }) => {
      if (!hasContent) {
        // After this render: the handle the form reads through is set by then.
        setTimeout(() => onReadyRef.current(), 0);
        return;
      }
      void parse(created, initialMarkdown).then((content) => {
        if (created.isDestroyed) return;
        created.commands.setContent(content, { emitUpdate: false });
        ready.current = true;
        created.setEditable(true, false);
        onReadyRef.current();
      });
    },
    onUpdate: () => onChangeRef.current(),
    onFocus: () => void loadToolbar(),
    onSelectionUpdate: ({ editor: current }) => {
      if (!toolbarShown.current && showsToolbar(current)) showToolbar(false);
    },
  });

  // ARIA that changes with validation is set on the live element.
  if (editor && !editor.isDestroyed) {
    const element = editor.view.dom;
    if (invalid) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
    if (describedBy) element.setAttribute('aria-describedby', describedBy);
    else element.removeAttribute('aria-describedby');
  }

  useImperativeHandle(
    ref,
    () => ({
      getMarkdown: () => (editor && ready.current ? serialize(editor.state.doc) : initialMarkdown),
      getText: () =>
        editor && ready.current
          ? editor.state.doc.textBetween(0, editor.state.doc.content.size, ' ', ' ')
          : initialMarkdown,
      setMarkdown: async (value) => {
        if (!editor) return;
        const content = await parse(editor, value);
        if (editor.isDestroyed) return;
        editor.commands.setContent(content);
        ready.current = true;
        editor.setEditable(true, false);
      },
      focus: () => editor?.commands.focus('start'),
    }),
    [editor, initialMarkdown, serialize],
  );

  return (
    <div className="block-editor">
      {editor && toolbar ? (
        <Suspense fallback={null}>
          <SelectionToolbar editor={editor} focusOnMount={toolbar.focus} onMount={onToolbarMount} />
        </Suspense>
      ) : null}
      <EditorContent editor={editor} className="block-editor__content" />
      {!editor ? <div className="block-editor__body block-editor__body--loading" aria-hidden="true" /> : null}
      {slashMenu && editor && slashMenuParts ? (
        <slashMenuParts.SlashMenu state={slashMenu} activeIndex={activeIndex} onHover={setActiveIndex} />
      ) : null}
      <input
        ref={fileInput}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        // Several pictures at once are a gallery (decision 82).
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (!editor || files.length === 0) return;
          void insertUploadedImages(editor.view, files, editor.state.selection.to, upload);
        }}
      />
    </div>
  );
});
