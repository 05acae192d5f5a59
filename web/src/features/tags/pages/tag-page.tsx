import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { TagInfo } from '../../../../../contracts/tags';
import { dataPath, DATA_PATHS } from '../../../lib/data-routes';
import { PageHead, useSite } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Loaded } from '../../../lib/loaded';
import { PostFeed, PostFeedSkeleton } from '../../posts';
import '../../../styles/posts.css';
import { TopicHeader } from '../components/topic-header';
import { TOPIC_NOT_FOUND_TEXT, type TagPageData } from '../loaders/tag-loader';
import { tagMeta } from '../tag-meta';
import '../components/topic-header.css';

/** /tag?name=: one topic, its Follow button and its posts, newest first. */
export function TagPage() {
  const data = useLoaderData() as TagPageData;
  const revalidator = useRevalidator();

  return (
    <div className="page page--narrow topic-page">
      <Loaded
        value={data.info}
        fallback={
          <>
            <PageHead title={data.name ?? 'Topic'} />
            <h1 className="topic-header__title">{data.name}</h1>
            <PostFeedSkeleton />
          </>
        }
      >
        {(info) => {
          if (info.ok) return <Topic info={info.data} posts={data.posts} />;
          if (info.error.status === 404) return <TopicNotFound />;
          return (
            <>
              <PageHead title="Topic" noindex />
              <h1 className="visually-hidden">Topic</h1>
              <ErrorRetry message={info.error.message} onRetry={() => void revalidator.revalidate()} />
            </>
          );
        }}
      </Loaded>
    </div>
  );
}

function Topic({ info: loaded, posts }: { info: TagInfo; posts: TagPageData['posts'] }) {
  const site = useSite();
  const revalidator = useRevalidator();
  // A follow shows at once; new data from the loader (a revalidation) starts over.
  const [state, setState] = useState({ loaded, info: loaded });
  let info = state.info;
  if (state.loaded !== loaded) {
    info = loaded;
    setState({ loaded, info });
  }

  return (
    <section aria-labelledby="topic-heading">
      <PageHead {...tagMeta(info, site)} />
      <TopicHeader info={info} onInfoChange={(next) => setState({ loaded, info: next })} />
      <Loaded value={posts} fallback={<PostFeedSkeleton />}>
        {(page) =>
          page.ok ? (
            <PostFeed
              first={page.data}
              moreUrl={dataPath(DATA_PATHS.tagPosts, { name: info.name })}
              label={`Posts about ${info.label}`}
              empty={
                <div className="empty-state">
                  <h2>No posts about {info.label} yet</h2>
                </div>
              }
            />
          ) : (
            <div className="post-feed">
              <ErrorRetry message={page.error.message} onRetry={() => void revalidator.revalidate()} />
            </div>
          )
        }
      </Loaded>
    </section>
  );
}

function TopicNotFound() {
  return (
    <div className="empty-state">
      <PageHead title="Topic not found" noindex />
      <h1>{TOPIC_NOT_FOUND_TEXT}</h1>
      <p>No post carries this topic, or the link is incomplete.</p>
      <p className="empty-state__actions">
        <AppLink className="button button--primary" to="/allblog">
          Browse all posts
        </AppLink>
      </p>
    </div>
  );
}
