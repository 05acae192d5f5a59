import { useNavigate } from 'react-router';
import { PageHead } from '../../../app/head/page-head';
import { createPost } from '../api/create-post';
import { PostForm } from '../components/post-form';
import '../posts.css';

const EMPTY_POST = { title: '', content: '' };

/** /addblog, behind RequireAccount (SPEC §2). SPEC §4: a published post goes to /allblog. */
export function AddPostPage() {
  const navigate = useNavigate();

  return (
    <div className="page page--narrow editor-page">
      <PageHead title="Write a post" noindex />
      <h1 className="editor-page__heading">Write a post</h1>
      <PostForm
        initialValues={EMPTY_POST}
        submitLabel="Publish"
        pendingLabel="Publishing…"
        submit={async (input) => {
          const result = await createPost(input);
          if (!result.ok) return result.error;
          void navigate('/allblog');
          return null;
        }}
      />
    </div>
  );
}
