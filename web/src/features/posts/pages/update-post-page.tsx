import { DocumentTitle } from '../../../components/ui/document-title';

/** /updateblog?id=: the editor prefilled, behind RequireAccount (SPEC §2). Placeholder until the posts screens land. */
export function UpdatePostPage() {
  return (
    <div className="page">
      <DocumentTitle title="Edit post" />
      <h1>Edit post</h1>
    </div>
  );
}
