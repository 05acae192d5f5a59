import { formatPostDate } from '../../../../contracts/dates';
import type { Discover, ReleaseNotes, WriterSuggestion } from '../../../../contracts/discover';
import type { Author } from '../../../../contracts/posts';
import type { TagSummary } from '../../../../contracts/tags';

/** What the side panel shows: titles and names, not the picked posts' whole Markdown. */
export interface DiscoverView {
  staffPicks: { id: string; title: string; author: Author }[];
  staffPicksWindowDays: number;
  /** Who chose the picks: the operators, or the readers' favorites. */
  staffPicksChosenBy: Discover['staffPicks']['chosenBy'];
  topics: TagSummary[];
  whoToFollow: WriterSuggestion[];
  /** The newest release's first lines, if the release notes have one (only what the panel shows). */
  release: { label: string; lines: string[] } | null;
}

/** How many release-note lines the panel shows: it is a glance, not the whole release notes. */
export const RELEASE_LINES_SHOWN = 4;
/** The longest line it shows: a release note's first sentence, or its first words. */
export const RELEASE_LINE_MAX_CHARS = 140;

export function toDiscoverView(discover: Discover): DiscoverView {
  return {
    staffPicks: discover.staffPicks.posts.map((post) => ({
      id: post.id,
      title: post.title,
      author: post.author,
    })),
    staffPicksWindowDays: discover.staffPicks.windowDays,
    staffPicksChosenBy: discover.staffPicks.chosenBy,
    topics: discover.topics,
    whoToFollow: discover.whoToFollow,
    release: newestRelease(discover),
  };
}

function newestRelease(discover: Discover): DiscoverView['release'] {
  const [release, ...older] = discover.changelog;
  if (!release) return null;
  const lines = release.sections
    .flatMap((section) => section.items)
    .slice(0, RELEASE_LINES_SHOWN)
    .map(releaseLineSummary);
  return { label: releaseLabel(release, older), lines };
}

/**
 * "0.1.0, Nov 21, 2026" for a release (specification §9's date format). Notes not yet in a release are
 * already running on this site, so they are "New since" the last release rather than to come.
 */
export function releaseLabel(release: ReleaseNotes, older: readonly ReleaseNotes[]): string {
  if (release.date) return `${release.version}, ${formatPostDate(release.date, 'UTC')}`;
  const previous = older.find((notes) => notes.date !== null);
  return previous ? `New since ${previous.version}` : 'New on Inkwell';
}

/**
 * A release note as the panel shows it: its first sentence, which says what changed (the notes are
 * written so), cut at a word and marked with an ellipsis when even
 * that is long. A phone shows the panel under the posts, where whole notes took several screens.
 */
export function releaseLineSummary(line: string): string {
  const sentence = /^.+?[.!?](?=\s+[A-Z(“"'`]|$)/.exec(line)?.[0] ?? line;
  if (sentence.length <= RELEASE_LINE_MAX_CHARS) return sentence;
  const cut = sentence.slice(0, RELEASE_LINE_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > RELEASE_LINE_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
