import { useEffect, useMemo, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

type Render = (markdown: string, headingOffset?: number) => string;

let loading: Promise<Render> | null = null;
let loaded: Render | null = null;

/**
 * Starts downloading the renderer (marked + DOMPurify, its own chunk). The read page calls it as
 * soon as it mounts, so the code arrives while the post itself is still being fetched.
 */
export function preloadMarkdown(): Promise<Render> {
  loading ??= import('./render-markdown').then(
    (module) => (loaded = module.renderMarkdown),
    (error: unknown) => {
      // Let a later page try again (a flaky connection, or a new version replaced the chunk).
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface MarkdownContentProps {
  markdown: string;
  className?: string;
  /** See markdownToHtml: how far below h1 the author's headings go. */
  headingOffset?: number;
  /** How many placeholder lines to show while the renderer loads. */
  placeholderLines?: number;
}

/** What people wrote, rendered as safe Markdown (issue 3 §2). */
export function MarkdownContent({
  markdown,
  className,
  headingOffset = 1,
  placeholderLines = 4,
}: MarkdownContentProps) {
  const [render, setRender] = useState<Render | null>(() => loaded);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (render) return;
    let active = true;
    preloadMarkdown().then(
      (fn) => active && setRender(() => fn),
      (error: unknown) => {
        console.error('Markdown renderer failed to load', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [render]);

  const html = useMemo(
    () => (render ? render(markdown, headingOffset) : null),
    [render, markdown, headingOffset],
  );
  const classes = className ? `markdown ${className}` : 'markdown';

  if (html !== null) {
    // Safe: renderMarkdown escapes the author's HTML and sanitizes the result with DOMPurify.
    return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (failed) {
    // Without the renderer the words still read: plain text is inert, and line breaks are kept.
    return <div className={`${classes} markdown--plain`}>{markdown}</div>;
  }
  return (
    <div className={classes} aria-busy="true">
      {Array.from({ length: placeholderLines }, (_, index) => (
        <Skeleton
          key={index}
          className={index === placeholderLines - 1 ? 'skeleton--line skeleton--w-60' : 'skeleton--line'}
        />
      ))}
    </div>
  );
}
