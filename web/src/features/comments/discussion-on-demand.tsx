import { lazy, Suspense } from 'react';
import type { DiscussionProps } from './components/discussion';
// The discussion's styles stay in the read page's first load: the server's HTML shows the
// discussion before its code arrives.
import './comments.css';

type DiscussionComponent = (props: DiscussionProps) => React.ReactNode;

let loaded: DiscussionComponent | undefined;

/**
 * Loads the discussion's code, its own chunk in the browser: it sits under the post, a screen or
 * more down, and React takes it over only as the reader comes near (HydrateWhenNear), so its code
 * need not be in the first load. Once this resolves, `Discussion` renders without waiting.
 */
export async function prepareDiscussion(): Promise<void> {
  loaded ??= (await import('./components/discussion')).Discussion;
}

// The server renders a page in one synchronous pass: it has the code before the first render.
if (import.meta.env.SSR) await prepareDiscussion();

const DiscussionWhenLoaded = lazy(async () => {
  await prepareDiscussion();
  return { default: loaded as DiscussionComponent };
});

/**
 * The discussion under a post. Prepared (on the server, or by HydrateWhenNear before it hands the
 * server's HTML over), it renders at once; reached by a link inside the app, it shows once its
 * code has arrived, while the post above it is already there to read.
 */
export function Discussion(props: DiscussionProps) {
  const Ready = loaded;
  if (Ready) return <Ready {...props} />;
  return (
    <Suspense fallback={null}>
      <DiscussionWhenLoaded {...props} />
    </Suspense>
  );
}
