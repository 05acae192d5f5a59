import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { moveBlock } from '../extensions/move-block';
import { showsToolbar } from '../lib/toolbar-visibility';
import { PictureControls } from './picture-controls';
import './selection-toolbar.css';

interface ToolbarState {
  bold: boolean;
  italic: boolean;
  code: boolean;
  link: string | null;
  heading: number | null;
  image: { alt: string; title: string } | null;
  codeLanguage: string | null;
}

function readState(editor: Editor): ToolbarState {
  const { selection } = editor.state;
  const image =
    selection instanceof NodeSelection && selection.node.type.name === 'image'
      ? { alt: String(selection.node.attrs.alt ?? ''), title: String(selection.node.attrs.title ?? '') }
      : null;
  const headingLevel = editor.getAttributes('heading').level;
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    code: editor.isActive('code'),
    link: editor.isActive('link') ? String(editor.getAttributes('link').href ?? '') : null,
    heading: editor.isActive('heading') && typeof headingLevel === 'number' ? headingLevel : null,
    image,
    codeLanguage: editor.isActive('codeBlock')
      ? String(editor.getAttributes('codeBlock').language ?? '')
      : null,
  };
}

/**
 * The toolbar on a selection: marks and headings for text, alt text and caption for
 * a picture, the language of a code block. Alt+F10 moves into it from the text and Escape goes
 * back, so it is reachable without a pointer; its buttons say their state with aria-pressed.
 * The editor loads it (with BubbleMenu and its positioning) when a selection first needs it;
 * `focusOnMount` is an Alt+F10 pressed before it was there.
 */
export function SelectionToolbar({
  editor,
  focusOnMount = false,
  onMount,
}: {
  editor: Editor;
  focusOnMount?: boolean;
  /** From then on its own Alt+F10 handler answers. */
  onMount?: () => void;
}) {
  const state = useEditorState({ editor, selector: ({ editor: current }) => readState(current) });
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);

  useEffect(() => {
    const dom = editor.view.dom;
    const focusFirst = () => {
      const first = toolbarRef.current?.querySelector<HTMLElement>('button, input');
      first?.focus();
      return Boolean(first);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F10' || !event.altKey) return;
      if (focusFirst()) event.preventDefault();
    };
    dom.addEventListener('keydown', onKeyDown);
    onMount?.();
    // BubbleMenu shows itself in its own effect; the request waits for it.
    const request = focusOnMount ? requestAnimationFrame(() => void focusFirst()) : 0;
    return () => {
      dom.removeEventListener('keydown', onKeyDown);
      cancelAnimationFrame(request);
    };
  }, [editor, focusOnMount, onMount]);

  const backToText = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setLinkDraft(null);
    editor.commands.focus();
  };

  const applyLink = () => {
    const href = (linkDraft ?? '').trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href) chain.setLink({ href }).run();
    else chain.unsetLink().run();
    setLinkDraft(null);
  };

  const move = (direction: -1 | 1) => {
    moveBlock(direction)(editor.state, editor.view.dispatch);
    editor.commands.focus();
  };

  const setImage = (attributes: { alt?: string; title?: string }) => {
    editor.chain().updateAttributes('image', attributes).run();
  };

  /**
   * Enter in a field of the toolbar belongs to that field: it never reaches the post's form (whose
   * Enter would send it). These fields save as they are typed in, so Enter means "done": back to the
   * text, with the picture or the block still selected.
   */
  const commitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    editor.commands.focus();
  };

  return (
    <BubbleMenu
      editor={editor}
      className="selection-toolbar"
      options={{ placement: 'top', offset: 8, flip: true, shift: { padding: 8 } }}
      shouldShow={({ editor: current, state: editorState }) => showsToolbar(current, editorState)}
    >
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label="Formatting"
        className="selection-toolbar__row"
        onKeyDown={backToText}
      >
        {state.image ? (
          <>
            <label className="selection-toolbar__field">
              <span>Alt text</span>
              <input
                value={state.image.alt}
                onChange={(event) => setImage({ alt: event.target.value })}
                placeholder="What the picture shows"
                onKeyDown={commitOnEnter}
              />
            </label>
            <label className="selection-toolbar__field">
              <span>Caption</span>
              <input
                value={state.image.title}
                onChange={(event) => setImage({ title: event.target.value })}
                placeholder="Optional"
                onKeyDown={commitOnEnter}
              />
            </label>
            <PictureControls editor={editor} />
          </>
        ) : state.codeLanguage !== null ? (
          <label className="selection-toolbar__field">
            <span>Language</span>
            <input
              value={state.codeLanguage}
              placeholder="e.g. ts"
              onKeyDown={commitOnEnter}
              onChange={(event) =>
                editor
                  .chain()
                  .updateAttributes('codeBlock', { language: event.target.value.trim() || null })
                  .run()
              }
            />
          </label>
        ) : linkDraft !== null ? (
          // Not a <form>: it sits inside the post's form, and Enter here applies the link, nothing more.
          <div className="selection-toolbar__link">
            <label className="selection-toolbar__field">
              <span>Link address</span>
              <input
                type="url"
                value={linkDraft}
                placeholder="https://"
                autoFocus
                enterKeyHint="done"
                onChange={(event) => setLinkDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                  event.preventDefault();
                  event.stopPropagation();
                  applyLink();
                }}
              />
            </label>
            <button type="button" className="selection-toolbar__button" onClick={applyLink}>
              {linkDraft.trim() ? 'Apply' : 'Remove link'}
            </button>
          </div>
        ) : (
          <>
            <MarkButton
              label="Bold"
              shortcut="Ctrl+B"
              pressed={state.bold}
              onPress={() => editor.chain().focus().toggleBold().run()}
            >
              <b>B</b>
            </MarkButton>
            <MarkButton
              label="Italic"
              shortcut="Ctrl+I"
              pressed={state.italic}
              onPress={() => editor.chain().focus().toggleItalic().run()}
            >
              <i>I</i>
            </MarkButton>
            <MarkButton
              label="Inline code"
              shortcut="Ctrl+E"
              pressed={state.code}
              onPress={() => editor.chain().focus().toggleCode().run()}
            >
              <code>{'<>'}</code>
            </MarkButton>
            <MarkButton
              label="Link"
              shortcut=""
              pressed={state.link !== null}
              onPress={() => setLinkDraft(state.link ?? '')}
            >
              Link
            </MarkButton>
            {([2, 3] as const).map((level) => (
              <MarkButton
                key={level}
                label={`Heading ${level}`}
                shortcut={`${'#'.repeat(level)} `}
                pressed={state.heading === level}
                onPress={() => editor.chain().focus().toggleHeading({ level }).run()}
              >
                H{level}
              </MarkButton>
            ))}
            {/* Reordering for touch, where there is no drag handle and no Alt+Shift+arrows. */}
            <ToolbarButton label="Move block up" title="Move block up (Alt+Shift+↑)" onPress={() => move(-1)}>
              ↑
            </ToolbarButton>
            <ToolbarButton
              label="Move block down"
              title="Move block down (Alt+Shift+↓)"
              onPress={() => move(1)}
            >
              ↓
            </ToolbarButton>
          </>
        )}
      </div>
    </BubbleMenu>
  );
}

interface MarkButtonProps {
  label: string;
  shortcut: string;
  pressed: boolean;
  onPress: () => void;
  children: React.ReactNode;
}

function MarkButton({ label, shortcut, pressed, onPress, children }: MarkButtonProps) {
  return (
    <ToolbarButton
      label={label}
      pressed={pressed}
      title={shortcut ? `${label} (${shortcut.trim()})` : label}
      onPress={onPress}
    >
      {children}
    </ToolbarButton>
  );
}

interface ToolbarButtonProps {
  label: string;
  title: string;
  /** For toggles only; an action button has no pressed state. */
  pressed?: boolean;
  onPress: () => void;
  children: React.ReactNode;
}

function ToolbarButton({ label, title, pressed, onPress, children }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      className="selection-toolbar__button"
      aria-label={label}
      aria-pressed={pressed}
      title={title}
      // The selection must survive the press.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {children}
    </button>
  );
}
