import { DocumentTitle } from '../../../components/ui/document-title';

/** /addblog: the editor, behind RequireAccount (SPEC §2). Placeholder until the posts screens land. */
export function AddPostPage() {
  return (
    <div className="page">
      <DocumentTitle title="Write a post" />
      <h1>Write a post</h1>
    </div>
  );
}
