import type { Discover, WriterSuggestion } from '../../../../contracts/discover';
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
  /** The newest release's first lines, if the CHANGELOG has one (only what the panel shows). */
  release: { version: string; date: string | null; lines: string[] } | null;
}

/** How many release-note lines the panel shows: it is a glance, not the whole CHANGELOG. */
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
  const release = discover.changelog[0];
  if (!release) return null;
  const lines = release.sections
    .flatMap((section) => section.items)
    .slice(0, RELEASE_LINES_SHOWN)
    .map(releaseLineSummary);
  return { version: release.version, date: release.date, lines };
}

/**
 * A release note as the panel shows it: its first sentence, which says what changed (the rest says
 * why and how, for the CHANGELOG's readers), cut at a word and marked with an ellipsis when even
 * that is long. A phone shows the panel under the posts, where whole notes took several screens.
 */
export function releaseLineSummary(line: string): string {
  const sentence = /^.+?[.!?](?=\s+[A-Z(“"'`]|$)/.exec(line)?.[0] ?? line;
  if (sentence.length <= RELEASE_LINE_MAX_CHARS) return sentence;
  const cut = sentence.slice(0, RELEASE_LINE_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > RELEASE_LINE_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
