import { useEffect } from 'react';
import type { Series } from '../../../../../contracts/series';
import { FieldFrame } from '../../../components/ui/field-frame';
import { useApiResource } from '../../../lib/use-api-resource';
import { listMemberships } from '../../publications';
import { listManagedSeries } from '../../series';
import { SERIES_LABEL, SeriesPickerPlaceholder, type SeriesPickerProps } from './series-field';

const quoted = (series: Series) => `“${series.title}”`;

/**
 * The series field (decision 0086): the series the writer manages of the blog the post is in (or
 * going to), and None. Shows where the post is now and what a save will do; the order of parts
 * is changed on the series' own page.
 */
export function SeriesPicker({
  postId,
  authorId,
  publication,
  current,
  choice,
  onChoose,
  savedRevision,
  onCaughtUp,
}: SeriesPickerProps) {
  const series = useApiResource(listManagedSeries);
  const { reload } = series;

  // A save carried the choice: read the series again, so the field says the post's place in it.
  useEffect(() => {
    if (savedRevision === 0) return;
    let current = true;
    void reload().then(() => {
      if (current) onCaughtUp(savedRevision);
    });
    return () => {
      current = false;
    };
  }, [savedRevision, reload, onCaughtUp]);
  const memberships = useApiResource(listMemberships);

  // The blog the post will be in: the one chosen, else where it is, else the writer's own.
  const slug = publication ?? current?.slug ?? null;
  const personal =
    slug === null ||
    (current?.slug === slug && current.personal) ||
    (memberships.resource.status === 'ready' &&
      memberships.resource.value.some((item) => item.publication.slug === slug && item.publication.personal));
  const all = series.resource.status === 'ready' ? series.resource.value : [];
  const offered = all.filter((item) =>
    personal
      ? item.owner.publication === null && item.owner.id === authorId
      : item.owner.publication?.slug === slug,
  );
  const now = postId === null ? undefined : all.find((item) => item.parts.some((part) => part.id === postId));

  // Another blog chosen: a series of the one before is no choice any more.
  const stale =
    typeof choice === 'string' &&
    series.resource.status === 'ready' &&
    memberships.resource.status !== 'loading' &&
    !offered.some((item) => item.id === choice);
  useEffect(() => {
    if (stale) onChoose(undefined);
  }, [stale, onChoose]);

  if (series.resource.status === 'loading') return <SeriesPickerPlaceholder />;
  if (series.resource.status === 'failed') {
    return (
      <div className="series-picker">
        <FieldFrame
          label={SERIES_LABEL}
          error={`Your series could not be loaded. ${series.resource.message}`}
        >
          {(control) => (
            <div className="series-picker__failed">
              <select {...control} className="field__input" name="seriesId" disabled value="">
                <option value="">None</option>
              </select>
              <button className="button button--secondary" type="button" onClick={() => void series.reload()}>
                Retry
              </button>
            </div>
          )}
        </FieldFrame>
      </div>
    );
  }

  const nowOffered = now && offered.includes(now) ? now : undefined;
  const selected = choice === undefined ? (nowOffered?.id ?? '') : (choice ?? '');
  const picked = offered.find((item) => item.id === selected);
  let hint: string;
  if (offered.length === 0) {
    hint = personal
      ? 'You have no series yet: make one in Your series, then choose it here.'
      : 'This publication has no series you manage.';
  } else if (picked && picked === nowOffered) {
    const place = picked.parts.findIndex((part) => part.id === postId) + 1;
    hint = `Part ${place} of ${picked.parts.length} in ${quoted(picked)}. Its order is set in Your series.`;
  } else if (picked) {
    const total = picked.parts.length + 1;
    hint = `Joins ${quoted(picked)} as part ${total} of ${total} when the post is next saved.`;
  } else if (nowOffered) {
    hint = `Leaves ${quoted(nowOffered)} when the post is next saved.`;
  } else {
    hint = 'Group it with other posts, read in order: it joins the series as its last part.';
  }

  return (
    <div className="series-picker">
      <FieldFrame label={SERIES_LABEL} hint={hint}>
        {(control) => (
          <select
            {...control}
            className="field__input"
            name="seriesId"
            value={selected}
            disabled={offered.length === 0}
            onChange={(event) => onChoose(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">None</option>
            {offered.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
