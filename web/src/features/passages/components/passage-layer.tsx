import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Comment } from '../../../../../contracts/comments';
import { anchorAt, type TextRange } from '../../../../../contracts/passage-anchor';
import { useViewer } from '../../auth';
import type { PostView } from '../../../lib/post-summary';
import { getPassageComments } from '../api/get-passages';
import { readPageText } from '../lib/page-text';
import { runInIdleSteps } from '../lib/idle-steps';
import {
  clearPassageMarks,
  hasPassageMarks,
  insertCountSlot,
  markRange,
  marksOfComment,
} from '../lib/passage-marks';
import { choosablePassages, groupPassages, withinQuoteLimit, type Passage } from '../lib/passages';
import { PassageSheet, type PassageSheetContent } from './passage-sheet';
import '../passages.css';

export interface PassageLayerProps {
  post: PostView;
  /** The post's rendered body, whose text is marked. */
  contentRef: RefObject<HTMLElement | null>;
  /** Counts presses of "Comment on a passage" under the post: each opens the dialog to choose one. */
  composeRequests: number;
  /** A comment written here: the discussion below shows it too. */
  onCommentAdded: (comment: Comment) => void;
}

type SheetRequest = { kind: 'thread'; commentId: string } | { kind: 'compose'; range: TextRange | null };

interface Pick {
  range: TextRange;
  top: number;
  left: number;
}

/**
 * In-line comments in the browser: marks every passage of the post that has comments, with a
 * count beside it (in the margin on a wide screen, after the passage on a narrow one) that opens
 * its comments; offers "Comment" on a selection, and "Comment on a passage" under the post for
 * readers who choose by keyboard. Loaded after the page is interactive, so it costs readers'
 * first load nothing; until then the post reads as it always did.
 */
export function PassageLayer({ post, contentRef, composeRequests, onCommentAdded }: PassageLayerProps) {
  const viewer = useViewer();
  const [comments, setComments] = useState<Comment[]>([]);
  const [sheet, setSheet] = useState<SheetRequest | null>(null);
  const [pick, setPick] = useState<Pick | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const countButtons = useRef(new Map<string, HTMLButtonElement>());
  // Set by the reader's own comment: the marks that follow it come in one step.
  const readerCommented = useRef(false);
  const contentHtml = post.contentHtml;
  // Closed by the author (decision 0077): the passages' comments stay readable, none is offered.
  const closed = post.commentsClosed === true;

  useEffect(() => {
    const controller = new AbortController();
    void getPassageComments(post.id, controller.signal).then((result) => {
      if (result.ok) setComments(result.data.response);
      else if (result.error.kind !== 'aborted')
        console.error('Error fetching passage comments', result.error);
    });
    return () => controller.abort();
  }, [post.id, viewer.status]);

  useEffect(() => {
    if (composeRequests > 0) setSheet({ kind: 'compose', range: null });
  }, [composeRequests]);

  const [passages, setPassages] = useState<Passage[]>([]);

  // Marks and counts are DOM the server's HTML never had: added after React wrote the post (so
  // found in the text on the page now), and taken out again when the layer goes. Nothing of it is
  // needed to read the post, so it waits for the browser's idle time, one passage at a time: done
  // at once, a post with several marked passages kept the main thread busy for a long task just
  // after hydration, when a reader's first tap should be answered (Lighthouse's total blocking
  // time). Marking again (after the reader's own comment, or signing in) happens in one step, so
  // the marks they are looking at never blink out and back one by one.
  useEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    const buttons = countButtons.current;
    const oneStep = readerCommented.current || hasPassageMarks(root);
    // Before the post's passage comments have come, there is nothing to mark or to take out.
    if (comments.length === 0 && !oneStep) return;
    const markPassages = function* () {
      buttons.clear();
      clearPassageMarks(root);
      const found = groupPassages(readPageText(root).text, comments);
      root.classList.toggle('post__content--passages', found.length > 0);
      setPassages(found);
      for (const passage of found) {
        if (!oneStep) yield;
        const range = readPageText(root).toDomRange(passage.range);
        if (!range) continue;
        const ids = passage.comments.map((comment) => comment.id);
        const marks = markRange(range, ids);
        const last = marks[marks.length - 1];
        if (!last) continue;
        const button = countButton(passage, () => setSheet({ kind: 'thread', commentId: ids[0] ?? '' }));
        insertCountSlot(last, root).appendChild(button);
        for (const id of ids) buttons.set(id, button);
      }
    };
    return runInIdleSteps(markPassages());
  }, [comments, contentRef, contentHtml]);

  // The marks leave with the layer, or with the version of the post they were found in.
  useEffect(() => {
    const root = contentRef.current;
    const buttons = countButtons.current;
    return () => {
      if (!root) return;
      buttons.clear();
      clearPassageMarks(root);
      root.classList.remove('post__content--passages');
    };
  }, [contentRef, contentHtml]);

  // A selection inside the post offers "Comment" just under its end.
  useEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPick(pickOf(root)));
    };
    document.addEventListener('selectionchange', update);
    return () => {
      document.removeEventListener('selectionchange', update);
      cancelAnimationFrame(frame);
    };
  }, [contentRef]);

  // A quote in the discussion leads to its passage (comment-item.tsx marks it data-passage-for).
  useEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const quote = event.target instanceof Element ? event.target.closest('[data-passage-for]') : null;
      const id = quote?.getAttribute('data-passage-for');
      if (!id) return;
      const marks = marksOfComment(root, id);
      const first = marks[0];
      if (!first) {
        setAnnouncement('That passage is not in the post any more.');
        return;
      }
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      first.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
      for (const mark of marks) {
        mark.classList.remove('passage-mark--flash');
        // Restart the animation for a second click on the same quote.
        void mark.offsetWidth;
        mark.classList.add('passage-mark--flash');
      }
      countButtons.current.get(id)?.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [contentRef]);

  const opened = useMemo<{ key: string; content: PassageSheetContent } | null>(() => {
    const root = contentRef.current;
    if (!sheet || !root) return null;
    const page = readPageText(root);
    if (sheet.kind === 'thread') {
      const passage = passages.find((candidate) =>
        candidate.comments.some((comment) => comment.id === sheet.commentId),
      );
      const first = passage?.comments[0];
      return passage && first
        ? {
            // One sheet per passage: a comment added in it keeps it open, with its focus.
            key: `thread-${first.id}`,
            content: {
              kind: 'thread',
              anchor: anchorAt(page.text, passage.range),
              comments: passage.comments,
            },
          }
        : null;
    }
    return {
      key: 'compose',
      content: {
        kind: 'compose',
        anchor: sheet.range ? anchorAt(page.text, sheet.range) : null,
        choices: sheet.range ? [] : choosablePassages(root, page),
      },
    };
  }, [sheet, passages, contentRef]);

  const added = (comment: Comment) => {
    readerCommented.current = true;
    setComments((current) => [...current, comment]);
    onCommentAdded(comment);
    setAnnouncement('Comment posted on the passage');
    // The sheet goes on showing the passage, now with this comment among its comments.
    setSheet((current) => (current?.kind === 'thread' ? current : { kind: 'thread', commentId: comment.id }));
  };

  return (
    // Nothing of the layer sits in the post's flow: what it shows is placed on the page or in the
    // top layer, so a reader's page never moves when it arrives.
    <>
      {pick && !closed
        ? createPortal(
            <button
              type="button"
              className="passage-pick button button--primary"
              aria-label="Comment on the selection"
              style={{ top: pick.top, left: pick.left }}
              // Pressing must not collapse the selection it is about.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setSheet({ kind: 'compose', range: pick.range });
                setPick(null);
              }}
            >
              Comment
            </button>,
            document.body,
          )
        : null}
      {opened ? (
        <PassageSheet
          key={opened.key}
          content={opened.content}
          post={post}
          signedIn={viewer.status}
          closed={closed}
          onAdded={added}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {createPortal(
        <p className="visually-hidden" role="status">
          {announcement}
        </p>,
        document.body,
      )}
    </>
  );
}

function countButton(passage: Passage, open: () => void): HTMLButtonElement {
  const count = passage.comments.length;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'passage-count';
  button.textContent = count.toLocaleString('en-US');
  button.setAttribute('aria-haspopup', 'dialog');
  button.setAttribute(
    'aria-label',
    `${count.toLocaleString('en-US')} ${count === 1 ? 'comment' : 'comments'} on this passage`,
  );
  button.addEventListener('click', open);
  return button;
}

/**
 * The reader's selection inside the post, and where under it "Comment" goes, in the page's
 * coordinates (the button is placed on the page, so nothing in the post is placed against it);
 * null for none.
 */
function pickOf(root: HTMLElement): Pick | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = clipTo(selection.getRangeAt(0), root);
  if (!range) return null;
  const page = readPageText(root);
  const found = page.fromDomRange(range);
  if (!found) return null;
  const quoted = withinQuoteLimit(page.text, found);
  if (!page.text.slice(quoted.start, quoted.end).trim()) return null;
  const rects = range.getClientRects();
  const end = rects[rects.length - 1] ?? range.getBoundingClientRect();
  const buttonWidth = 110;
  const pageWidth = document.documentElement.clientWidth;
  return {
    range: quoted,
    top: end.bottom + window.scrollY + 8,
    left: Math.max(8, Math.min(end.right - buttonWidth / 2, pageWidth - buttonWidth - 8)) + window.scrollX,
  };
}

/** The part of `range` inside `root`, or null when they do not meet. */
function clipTo(range: Range, root: HTMLElement): Range | null {
  if (!range.intersectsNode(root)) return null;
  const whole = document.createRange();
  whole.selectNodeContents(root);
  const clipped = range.cloneRange();
  if (clipped.compareBoundaryPoints(Range.START_TO_START, whole) < 0) clipped.setStart(root, 0);
  if (clipped.compareBoundaryPoints(Range.END_TO_END, whole) > 0)
    clipped.setEnd(root, root.childNodes.length);
  return clipped.collapsed ? null : clipped;
}
