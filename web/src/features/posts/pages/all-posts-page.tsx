import { DocumentTitle } from '../../../components/ui/document-title';

/** /allblog: every post, newest first, with the static side panel (SPEC §2). Placeholder until the posts screens land. */
export function AllPostsPage() {
  return (
    <div className="page">
      <DocumentTitle title="All posts" />
      <h1>All posts</h1>
    </div>
  );
}
