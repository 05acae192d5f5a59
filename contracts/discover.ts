import type { ProfilePicture } from './profile';
import type { Post } from './posts';
import type { TagSummary } from './tags';

/**
 * GET /api/discover → {response: Discover}: the /allblog side panel's four sections (specification §1),
 * made of real data (difference 15 from the specification). A section with nothing to show is empty, never invented.
 */
export interface Discover {
  staffPicks: StaffPicks;
  /** The most used topics. */
  topics: TagSummary[];
  /** Writers worth following: see WriterSuggestion. */
  whoToFollow: WriterSuggestion[];
  /**
   * The newest release notes written for readers (docs/release-notes.md), newest first. Named
   * `changelog` after specification §1's section; the developers' CHANGELOG.md is not shown.
   */
  changelog: ReleaseNotes[];
}

export interface StaffPicks {
  /**
   * How the posts were chosen: 'operator' when an operator picked them, else the
   * posts with the most favorites given in the last `windowDays` days.
   */
  chosenBy: 'most-favorited' | 'operator';
  windowDays: number;
  posts: Post[];
}

/**
 * A writer who published recently. With a valid token: never the reader, nor anyone the reader
 * already follows (`following` is then false); without one: the most recently active writers.
 */
export interface WriterSuggestion {
  id: string;
  username: string;
  /** Their /@handle address; null for none. */
  handle: string | null;
  /** Their uploaded picture (decision 0073); null for none. */
  picture: ProfilePicture | null;
  postCount: number;
  followerCount: number;
  latestPostAt: string;
  following?: boolean;
}

/** One release of the release notes: "Unreleased" (date null) or a version and its date. */
export interface ReleaseNotes {
  version: string;
  date: string | null;
  /** "Added", "Changed", "Fixed"…, each with its lines as plain text. */
  sections: { title: string; items: string[] }[];
}

export const STAFF_PICKS_WINDOW_DAYS = 30;
export const STAFF_PICKS_LIMIT = 5;
export const DISCOVER_TOPICS_LIMIT = 10;
export const WHO_TO_FOLLOW_LIMIT = 5;
export const CHANGELOG_RELEASES_LIMIT = 3;
