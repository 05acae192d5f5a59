/** A speech bubble for the discussion count. */
function CommentIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M5 5h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-7l-4 3.5V16H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function commentsWord(count: number): string {
  return count === 1 ? 'comment' : 'comments';
}

/**
 * SPEC §2's 'Discuss' label with the real number of comments (PRODUCT fixes 1 and 6), where the
 * spec had 'Disuss' and a fixed 21.
 */
export function DiscussCount({ count }: { count: number }) {
  return (
    <span className="discuss-count">
      <CommentIcon />
      {/* The spaces are for screen readers and copied text; the flex gap does the spacing. */}
      <span>Discuss</span> <span className="discuss-count__number">{count.toLocaleString('en-US')}</span>
      <span className="visually-hidden"> {commentsWord(count)}</span>
    </span>
  );
}
