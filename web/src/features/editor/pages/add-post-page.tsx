import { useState } from 'react';
import type { PostCover } from '../../../../../contracts/posts';
import { useNavigate } from 'react-router';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { useSession } from '../../auth';
import { savePost } from '../../drafts';
import { DRAFTS_PATH } from '../../drafts';
import { scheduledNotice } from '../../drafts';
import { manageSeriesPath } from '../../series';
import { PublicationSelect } from '../../publications';
import { TagInput } from '../../tags';
import { CoverField } from '../components/cover-field';
import { useSeriesChoice } from '../components/series-choice';
import { usePostSettings } from '../components/post-settings-panel';
import { PostForm } from '../components/post-form';
import { readPostPath } from '../../../lib/paths';
import '../../../styles/writing.css';

const EMPTY_POST = { title: '', content: '' };

/** /addblog, behind RequireAccount (SPEC §2). SPEC §4: a published post goes to /allblog. */
export function AddPostPage() {
  const navigate = useNavigate();
  const [tags, setTags] = useState<string[]>([]);
  const [publication, setPublication] = useState<string | undefined>(undefined);
  const [cover, setCover] = useState<PostCover | null>(null);
  // The writer's own blog is named by their id; a publication by its address.
  const ownBlog = useSession().userData?.id ?? null;
  const settings = usePostSettings(null);
  const series = useSeriesChoice({ postId: null, authorId: ownBlog ?? '', publication, current: null });

  return (
    <div className="page page--narrow editor-page">
      <PageHead title="Write a post" noindex />
      <h1 className="editor-page__heading">Write a post</h1>
      <p className="editor-help">
        <AppLink to={DRAFTS_PATH}>Your drafts</AppLink> ·{' '}
        <AppLink to={manageSeriesPath()}>Your series</AppLink>
      </p>
      <PostForm
        initialValues={EMPTY_POST}
        post={null}
        submitLabel="Publish"
        pendingLabel="Publishing…"
        tagsSlot={<TagInput value={tags} onChange={setTags} />}
        coverSlot={<CoverField value={cover} onChange={setCover} />}
        draftFields={{ tags, coverId: cover?.id ?? null, ...settings.changes, ...series.changes }}
        onSaved={series.saved}
        publicationSlot={
          <>
            {settings.panel}
            <PublicationSelect current={null} value={publication} onChange={setPublication} />
            {series.picker}
          </>
        }
        newsletterList={publication ?? ownBlog}
        submit={async (input, action, current) => {
          const result = await savePost(
            {
              ...input,
              tags,
              publication,
              coverId: cover?.id ?? null,
              ...settings.changes,
              ...series.changes,
            },
            action,
            current,
          );
          if (!result.ok) return result.error;
          const post = result.data.response;
          if (action.kind === 'publish') {
            // Issue 10 §3: /allblog confirms, with a link to the new post.
            void navigate('/allblog', {
              state: {
                notice: 'Your post is published.',
                link: { to: readPostPath(post), label: post.title },
              },
            });
            return { ok: true, post, leaving: true };
          }
          if (action.kind === 'schedule') {
            void navigate(DRAFTS_PATH, { state: { notice: scheduledNotice(post) } });
            return { ok: true, post, leaving: true };
          }
          return { ok: true, post, leaving: false };
        }}
      />
    </div>
  );
}
