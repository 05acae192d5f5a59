import type { PostPublication } from '../../../../../contracts/publications';
import { FieldFrame } from '../../../components/ui/field-frame';
import { useApiResource } from '../../../lib/use-api-resource';
import { listMemberships } from '../api/memberships';

/**
 * The editor's "Publish in" choice: the writer's own blog first, then the publications
 * they write in. Not shown to a writer who has only their own blog, nor before their memberships
 * have loaded: a post then stays where it is (new posts go to the writer's own blog).
 * `value` is the slug chosen here, undefined until the writer picks one.
 */
export function PublicationSelect({
  current,
  value,
  onChange,
}: {
  /** Where the post is now; null for a new post. */
  current: PostPublication | null;
  value: string | undefined;
  onChange: (slug: string) => void;
}) {
  const { resource } = useApiResource(listMemberships);
  if (resource.status !== 'ready' || resource.value.length < 2) return null;
  const memberships = resource.value;
  const own = memberships.find((membership) => membership.publication.personal);
  // A post stays in a publication its author has left until they move it: it is still its place.
  const left = current && !memberships.some(({ publication }) => publication.slug === current.slug);
  return (
    <FieldFrame label="Publish in">
      {(control) => (
        <select
          {...control}
          className="field__input"
          name="publication"
          value={value ?? current?.slug ?? own?.publication.slug ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          {memberships.map(({ publication }) => (
            <option key={publication.slug} value={publication.slug}>
              {publication.personal ? 'Your blog' : publication.name}
            </option>
          ))}
          {left ? <option value={current.slug}>{current.name} (you are no longer a member)</option> : null}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * What a save sends as `publication`: only a change the writer made, so a post in a publication
 * they have left is not moved (the server would refuse it) unless they choose another place.
 */
export function publicationToSend(
  chosen: string | undefined,
  current: PostPublication | null,
): string | undefined {
  return chosen !== undefined && chosen !== current?.slug ? chosen : undefined;
}
