import { AppLink } from './app-link';
import { tagPath } from '../../lib/tag-paths';
import './tag-links.css';

export interface TagLinksProps {
  /** The topics' addresses, which the links use. */
  tags: readonly string[];
  /** The same topics' names as typed (`C++`), in the same order: what the links say. */
  labels: readonly string[];
  /** Names the list for screen readers, e.g. 'Topics'. */
  label?: string;
  className?: string;
}

/** A post's topics as links to their pages; nothing at all for a post without tags. */
export function TagLinks({ tags, labels, label = 'Topics', className }: TagLinksProps) {
  if (tags.length === 0) return null;
  return (
    <ul className={className ? `tag-links ${className}` : 'tag-links'} aria-label={label}>
      {tags.map((name, index) => (
        <li key={name}>
          <AppLink className="tag-pill" to={tagPath(name)}>
            {labels[index] ?? name}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
