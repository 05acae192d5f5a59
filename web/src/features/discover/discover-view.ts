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
  const lines = release.sections.flatMap((section) => section.items).slice(0, RELEASE_LINES_SHOWN);
  return { version: release.version, date: release.date, lines };
}
