import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { WriterSuggestion } from '../../../../../contracts/discover';
import { DATA_PATHS } from '../../../lib/data-routes';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import type { ApiResult } from '../../../lib/api-client';
import { Loaded, type Deferred } from '../../../lib/loaded';
import { useViewer } from '../../auth';
import type { DiscoverView } from '../../discover';
import { FollowButton } from '../../profile';
import { tagPath } from '../../../lib/tag-paths';
import { profilePath, readPostPath } from '../../../lib/paths';

/**
 * SPEC §1's side panel of the all-posts page, with its four sections made of real data (PRODUCT
 * fix 12): release notes, staff picks, the most used topics and writers worth following. A
 * section with nothing to show is left out, and a panel that failed to load is too (it is logged).
 */
export function SidePanel({ discover }: { discover: Deferred<ApiResult<DiscoverView>> }) {
  return (
    <Loaded value={discover} fallback={null}>
      {(result) => (result.ok ? <ReaderSidePanel visitorView={result.data} /> : null)}
    </Loaded>
  );
}

/** The server's panel is a visitor's; a signed-in reader's own Who to follow replaces it once known. */
function ReaderSidePanel({ visitorView }: { visitorView: DiscoverView }) {
  const viewer = useViewer();
  const fetcher = useFetcher<ApiResult<DiscoverView>>();
  const { load } = fetcher;
  const signedIn = viewer.known && viewer.status;
  useEffect(() => {
    if (signedIn) void load(DATA_PATHS.discover);
  }, [signedIn, load]);
  // Only Who to follow is the reader's own. The other sections stay as the server rendered them:
  // a fresher answer (another writer's post in between) would move them after the first paint.
  const readerView = signedIn && fetcher.data?.ok ? fetcher.data.data : null;
  const view = readerView ? { ...visitorView, whoToFollow: readerView.whoToFollow } : visitorView;
  // Who to follow is the reader's own: a signed-in reader sees it once their answer is in (its
  // place kept meanwhile), never the visitor's list changing under their eyes.
  const whoToFollowClass = !viewer.known
    ? 'invisible-when-signed-in'
    : signedIn && fetcher.data === undefined
      ? 'is-pending'
      : '';
  return <SidePanelSections view={view} whoToFollowClass={whoToFollowClass} />;
}

function SidePanelSections({ view, whoToFollowClass }: { view: DiscoverView; whoToFollowClass: string }) {
  const release = view.release;
  const releaseLines = release?.lines ?? [];
  const empty =
    releaseLines.length === 0 &&
    view.staffPicks.length === 0 &&
    view.topics.length === 0 &&
    view.whoToFollow.length === 0;
  if (empty) return null;

  return (
    <aside className="side-panel" aria-label="Around Inkwell">
      {release && releaseLines.length > 0 ? (
        <section className="side-panel__section" aria-labelledby="side-changelog">
          <h2 id="side-changelog" className="side-panel__heading">
            Changelog
          </h2>
          <p className="side-panel__muted side-panel__release">{release.label}</p>
          <ul className="side-panel__list">
            {releaseLines.map((line) => (
              <li key={line} className="side-panel__changelog">
                {line}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.staffPicks.length > 0 ? (
        <section className="side-panel__section" aria-labelledby="side-staff-picks">
          <h2 id="side-staff-picks" className="side-panel__heading">
            Staff picks
          </h2>
          <p className="side-panel__muted side-panel__release">
            {view.staffPicksChosenBy === 'operator'
              ? 'Chosen by the editors of this site'
              : `The most favorited posts of the last ${view.staffPicksWindowDays} days`}
          </p>
          <ul className="side-panel__list">
            {view.staffPicks.map((pick) => (
              <li key={pick.id} className="side-panel__pick">
                <AppLink className="side-panel__byline" to={profilePath(pick.author)}>
                  <Avatar name={pick.author.username} picture={pick.author.picture} size="sm" />
                  {pick.author.username}
                </AppLink>
                <AppLink className="side-panel__pick-title" to={readPostPath(pick)}>
                  {pick.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.topics.length > 0 ? (
        <section className="side-panel__section" aria-labelledby="side-topics">
          <h2 id="side-topics" className="side-panel__heading">
            Recommended topics
          </h2>
          <ul className="side-panel__topics">
            {view.topics.map((topic) => (
              <li key={topic.name}>
                <AppLink className="side-panel__topic" to={tagPath(topic.name)}>
                  {topic.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.whoToFollow.length > 0 ? (
        <section className={`side-panel__section ${whoToFollowClass}`.trim()} aria-labelledby="side-follow">
          <h2 id="side-follow" className="side-panel__heading">
            Who to follow
          </h2>
          <ul className="side-panel__list">
            {view.whoToFollow.map((writer) => (
              <WriterToFollow key={writer.id} writer={writer} />
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  );
}

function postCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'post' : 'posts'}`;
}

function WriterToFollow({ writer }: { writer: WriterSuggestion }) {
  const viewer = useViewer();
  const [following, setFollowing] = useState(writer.following ?? false);
  return (
    <li className="side-panel__person">
      <Avatar name={writer.username} picture={writer.picture} size="sm" />
      <span className="side-panel__person-text">
        <AppLink className="side-panel__name" to={profilePath(writer)}>
          {writer.username}
        </AppLink>
        <span className="side-panel__muted">{postCount(writer.postCount)}</span>
      </span>
      <FollowButton
        userId={writer.id}
        username={writer.username}
        following={following}
        stateUnknown={viewer.known ? false : 'until-known'}
        onFollowingChange={setFollowing}
      />
    </li>
  );
}
