import { DocumentTitle } from '../../../components/ui/document-title';

/** /readblog?id=&name=: one post (SPEC §2). Placeholder until the posts screens land. */
export function ReadPostPage() {
  return (
    <div className="page">
      <DocumentTitle title="Post" />
      <h1>Post</h1>
    </div>
  );
}
