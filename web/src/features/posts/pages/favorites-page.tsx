import { DocumentTitle } from '../../../components/ui/document-title';

/** /favorites: the reader's favorite posts, behind RequireAccount (issue 4). Placeholder until the posts screens land. */
export function FavoritesPage() {
  return (
    <div className="page">
      <DocumentTitle title="Favorites" />
      <h1>Favorites</h1>
    </div>
  );
}
