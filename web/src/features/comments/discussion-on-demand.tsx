import { onDemand } from '../../lib/on-demand';
// The discussion's styles stay in the read page's first load: the server's HTML shows the
// discussion before its code arrives.
import './comments.css';

/**
 * The discussion under a post, its own chunk in the browser: it sits under the post, a screen or
 * more down, and React takes it over only as the reader comes near, so its code need not be in the
 * first load. Reached by a link inside the app, it shows once its code has arrived, while the post
 * above it is already there to read.
 */
const discussion = onDemand(async () => (await import('./components/discussion')).Discussion);

export const Discussion = discussion.Component;
export const prepareDiscussion = discussion.prepare;

if (import.meta.env.SSR) await prepareDiscussion();
