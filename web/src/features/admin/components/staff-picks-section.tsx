import { useId, useState, type FormEvent } from 'react';
import { STAFF_PICKS_MAX, type StaffPick } from '../../../../../contracts/moderation';
import { AppLink } from '../../../components/ui/app-link';
import { TextField } from '../../../components/ui/text-field';
import { useApiResource } from '../../../lib/use-api-resource';
import { canonicalPostPath } from '../../../lib/paths';
import { getStaffPicks, setStaffPicks } from '../api/admin';
import { postIdFrom } from '../target-reference';
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
  const [reference, setReference] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
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

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = postIdFrom(reference);
    if (id === null) {
      setFieldError("Paste a post's link or id");
      return;
    }
    if (picks.some((pick) => pick.postId === id)) {
      setFieldError('That post is already picked');
      return;
    }
    setFieldError(undefined);
    if (await save([...picks.map((pick) => pick.postId), id], 'Post added to the staff picks'))
      setReference('');
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
        <form className="admin-search" noValidate onSubmit={(event) => void add(event)}>
          <TextField
            label="Add a post"
            name="post"
            hint="Paste its link (…/readblog?id=…) or its id."
            value={reference}
            onValueChange={setReference}
            error={fieldError}
            autoComplete="off"
          />
          <button
            className="button button--secondary"
            type="submit"
            disabled={saving || resource.status !== 'ready'}
          >
            Add
          </button>
        </form>
      ) : null}
    </section>
  );
}
