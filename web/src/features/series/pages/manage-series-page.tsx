import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Series } from '../../../../../contracts/series';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { SettingsSection } from '../../../components/ui/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { PageHead } from '../../../lib/head/page-head';
import { createSeries, listManagedSeries } from '../api/manage-series';
import { SeriesForm } from '../components/series-form';
import { SeriesManager } from '../components/series-manager';
import '../../../styles/writing.css';
import '../series-manage.css';

type State = { kind: 'loading' } | { kind: 'loaded'; series: Series[] } | { kind: 'failed'; message: string };

/**
 * /series/manage: the series a writer manages (decision 0078), or with ?publication= a team
 * publication's, each with its parts to add, remove and reorder; and a form to start one. Only for
 * its managers, so fetched in the browser with the token.
 */
export function ManageSeriesPage() {
  const [params] = useSearchParams();
  const publication = params.get('publication') || null;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const [changes, setChanges] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    void listManagedSeries(controller.signal).then((result) => {
      if (result.ok) setState({ kind: 'loaded', series: result.data });
      else if (result.error.kind !== 'aborted') setState({ kind: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, [attempt]);

  const shown =
    state.kind === 'loaded'
      ? state.series.filter((series) =>
          publication === null ? true : series.owner.publication?.slug === publication,
        )
      : [];
  const publicationName =
    publication === null
      ? null
      : (shown.find((series) => series.owner.publication)?.owner.publication?.name ?? publication);
  const title = publicationName ? `Series of ${publicationName}` : 'Your series';

  const update = (changed: Series) => {
    setState((current) =>
      current.kind === 'loaded'
        ? {
            kind: 'loaded',
            series: current.series.map((series) => (series.id === changed.id ? changed : series)),
          }
        : current,
    );
    setChanges((count) => count + 1);
  };

  return (
    <div className="page page--narrow manage-series-page">
      <PageHead title={title} noindex />
      <h1 className="editor-page__heading">{title}</h1>
      <p className="manage-series-page__lead">
        Group posts into a series read in order: each part shows “Part 2 of 5” with the previous and next.
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <SettingsSection
        title="New series"
        lead={
          publicationName ? `A series of ${publicationName}'s posts.` : 'A series of your own blog’s posts.'
        }
      >
        <SeriesForm
          key={formKey}
          initial={{ title: '', description: '' }}
          submitLabel="Create series"
          pendingLabel="Creating…"
          save={(input) => createSeries({ ...input, publication })}
          onSaved={(created) => {
            setState((current) =>
              current.kind === 'loaded' ? { kind: 'loaded', series: [created, ...current.series] } : current,
            );
            setFormKey((key) => key + 1);
            setAnnouncement(`Created “${created.title}”. Add its posts below.`);
          }}
        />
      </SettingsSection>
      {state.kind === 'loading' ? (
        <div aria-busy="true" className="manage-series-page__loading">
          <p className="visually-hidden" role="status">
            Loading your series…
          </p>
          <Skeleton className="skeleton--line skeleton--w-60" />
          <Skeleton className="skeleton--line skeleton--w-60" />
          <Skeleton className="skeleton--line skeleton--w-60" />
        </div>
      ) : state.kind === 'failed' ? (
        <ErrorRetry
          message={state.message}
          onRetry={() => {
            setState({ kind: 'loading' });
            setAttempt((value) => value + 1);
          }}
        />
      ) : shown.length === 0 ? (
        <p className="empty-state">No series yet. Create one above, then add its posts.</p>
      ) : (
        shown.map((series) => (
          <SeriesManager
            key={series.id}
            series={series}
            changes={changes}
            onChange={update}
            onDeleted={(id) => {
              setState((current) =>
                current.kind === 'loaded'
                  ? { kind: 'loaded', series: current.series.filter((item) => item.id !== id) }
                  : current,
              );
              setChanges((count) => count + 1);
            }}
            announce={setAnnouncement}
          />
        ))
      )}
    </div>
  );
}
