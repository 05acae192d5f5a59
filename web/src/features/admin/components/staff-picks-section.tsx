import { useId, useState } from 'react';
import { STAFF_PICKS_MAX, type StaffPick } from '../../../../../contracts/moderation';
import { AppLink } from '../../../components/ui/app-link';
import { useApiResource } from '../../../lib/use-api-resource';
import { canonicalPostPath } from '../../../lib/paths';
import { getStaffPicks, setStaffPicks } from '../api/admin';
import { postIdFrom } from '../target-reference';
import { AddForm, useAddField, type Reading } from './add-form';
import { AdminResource } from './admin-resource';
import { AdminStatus } from './admin-status';
import { OrderedList } from './ordered-list';

/**
 * The /allblog side panel's staff picks. Every change is saved at once, in the order shown; with
 * no picks the panel shows the most favorited posts of the last 30 days, as before.
 */
export function StaffPicksSection() {
  const headingId = useId();
  const { resource, reload, update } = useApiResource(getStaffPicks);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async (postIds: string[], said: string): Promise<boolean> => {
    setSaving(true);
    setError(null);
    setMessage('');
    const result = await setStaffPicks(postIds);
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message);
      return false;
    }
    update(() => result.data);
    setMessage(said);
    return true;
  };

  const picks = resource.status === 'ready' ? resource.value : [];

  const read = (text: string): Reading<string> => {
    const id = postIdFrom(text);
    if (id === null) return { error: "Paste a post's link or id" };
    return picks.some((pick) => pick.postId === id)
      ? { error: 'That post is already picked' }
      : { value: id };
  };
  const field = useAddField(read, (id) => void add(id));
  const add = async (id: string) => {
    if (await save([...picks.map((pick) => pick.postId), id], 'Post added to the staff picks')) field.clear();
  };

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 className="admin-section__title" id={headingId}>
        Staff picks
      </h2>
      <p className="admin-section__lead">
        Up to {STAFF_PICKS_MAX} posts for the side panel of <AppLink to="/allblog">All posts</AppLink>, in
        this order. With none, it shows the most favorited posts of the last 30 days.
      </p>
      <AdminStatus message={message} error={error} />
      <AdminResource resource={resource} reload={reload} loadingLabel="Loading the staff picks">
        {() =>
          picks.length === 0 ? (
            <p className="admin__empty">No staff picks: the side panel shows the most favorited posts.</p>
          ) : (
            <OrderedList
              items={picks}
              keyOf={(pick) => pick.postId}
              nameOf={(pick) => pick.title}
              busy={saving}
              onChange={(next: StaffPick[]) =>
                void save(
                  next.map((pick) => pick.postId),
                  'Staff picks saved',
                )
              }
              renderItem={(pick) => (
                <>
                  <p className="admin-card__title">
                    <AppLink to={canonicalPostPath(pick.postId)}>{pick.title}</AppLink>
                    <span className="admin-card__by"> by {pick.author.username}</span>
                  </p>
                  {pick.public ? null : (
                    <p className="admin-card__meta">Not shown: the post is hidden, a draft or scheduled.</p>
                  )}
                </>
              )}
            />
          )
        }
      </AdminResource>
      {picks.length < STAFF_PICKS_MAX ? (
        <AddForm
          field={field}
          submitLabel="Add"
          busy={saving || resource.status !== 'ready'}
          label="Add a post"
          name="post"
          hint="Paste its link (…/readblog?id=…) or its id."
        />
      ) : null}
    </section>
  );
}
