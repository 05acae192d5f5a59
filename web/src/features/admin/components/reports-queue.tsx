import { lazy, Suspense, useCallback, useId, useState } from 'react';
import {
  REPORT_REASON_LABELS,
  type Report,
  type ReportState,
  type TargetKind,
} from '../../../../../contracts/moderation';
import { AppLink } from '../../../components/ui/app-link';
import { LocalDate } from '../../../components/ui/local-date';
import { canonicalPostPath, profilePath } from '../../../lib/paths';
import { deleteTarget, listReports, moderateTarget, settleReport } from '../api/admin';
import { useAdminAction, usePagedList } from '../use-paged-list';
import { AdminList } from './admin-list';
import { ModerateByLink } from './moderate-by-link';
import { AdminStatus } from './admin-status';

const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../components/ui/confirm-dialog')).ConfirmDialog,
}));

const STATES: { value: ReportState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
];

/**
 * Readers' reports, newest first: what each is about (linked), why, who sent it, and the actions.
 * Hiding or deleting the target resolves every open report about it; Dismiss says it was fine.
 */
export function ReportsQueue({ onChange }: { onChange: () => void }) {
  const [state, setState] = useState<ReportState>('open');
  const selectId = useId();
  const read = useCallback(
    (cursor: string | null, signal?: AbortSignal) => listReports(state, cursor, signal),
    [state],
  );
  const list = usePagedList(read);
  const action = useAdminAction();
  const [deleting, setDeleting] = useState<{ kind: TargetKind; id: string; excerpt: string } | null>(null);

  const act = async (key: string, run: Parameters<typeof action.run>[1]): Promise<boolean> => {
    if (!(await action.run(key, run))) return false;
    await list.reload();
    onChange();
    return true;
  };

  return (
    <section className="admin-section" aria-labelledby={`${selectId}-title`}>
      <div className="admin-section__head">
        <h2 className="admin-section__title" id={`${selectId}-title`}>
          Reports
        </h2>
        <label className="admin__filter" htmlFor={selectId}>
          <span>Show</span>
          <select
            id={selectId}
            className="field__input admin__select"
            value={state}
            onChange={(event) => setState(event.target.value as ReportState)}
          >
            {STATES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <AdminStatus message={action.message} error={action.error} />
      <AdminList
        list={list}
        loadingLabel="Loading reports"
        empty={state === 'open' ? 'No open reports. Nothing needs you right now.' : `No ${state} reports.`}
        keyOf={(report) => report.id}
        renderItem={(report) => (
          <ReportItem
            report={report}
            pending={action.pending}
            onSettle={(outcome) => void act(report.id, () => settleReport(report.id, outcome))}
            onHide={(hide) =>
              void act(report.id, () =>
                moderateTarget(report.target.kind, report.target.id, hide ? 'hide' : 'restore'),
              )
            }
            onDelete={() =>
              setDeleting({
                kind: report.target.kind,
                id: report.target.id,
                excerpt: report.target.excerpt ?? '',
              })
            }
          />
        )}
      />
      <ModerateByLink onDone={() => void list.reload().then(onChange)} />
      {deleting ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={`Delete this ${deleting.kind}?`}
            confirmLabel="Delete"
            pendingLabel="Deleting…"
            pending={action.pending !== null}
            error={action.error}
            onConfirm={() =>
              void act('delete', () => deleteTarget(deleting.kind, deleting.id)).then((done) => {
                if (done) setDeleting(null);
              })
            }
            onCancel={() => setDeleting(null)}
          >
            <p>
              “{deleting.excerpt}” will be deleted for good
              {deleting.kind === 'post' ? ', with its discussion' : ', with its replies'}. Hiding it instead
              can be undone.
            </p>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </section>
  );
}

function ReportItem({
  report,
  pending,
  onSettle,
  onHide,
  onDelete,
}: {
  report: Report;
  pending: string | null;
  onSettle: (outcome: 'resolve' | 'dismiss') => void;
  onHide: (hide: boolean) => void;
  onDelete: () => void;
}) {
  const { target } = report;
  const busy = pending !== null;
  const noun = target.kind === 'post' ? 'post' : 'comment';
  return (
    <article
      className="admin-card"
      aria-label={`Report of a ${noun}: ${target.excerpt ?? 'no longer there'}`}
    >
      <p className="admin-card__meta">
        <span className="admin-tag">{REPORT_REASON_LABELS[report.reason]}</span>
        <span>
          {noun} reported by <AppLink to={profilePath(report.reporter)}>{report.reporter.username}</AppLink>{' '}
          on <LocalDate iso={report.createdAt} />
        </span>
      </p>
      {target.postId !== null && target.excerpt !== null ? (
        <p className="admin-card__title">
          <AppLink to={canonicalPostPath(target.postId)}>
            {target.kind === 'comment' ? `Comment: “${target.excerpt}”` : target.excerpt}
          </AppLink>
          {target.author ? <span className="admin-card__by"> by {target.author.username}</span> : null}
          {target.hidden ? <span className="admin-tag admin-tag--danger">Hidden</span> : null}
        </p>
      ) : (
        <p className="admin-card__title admin-card__gone">The {noun} no longer exists.</p>
      )}
      {report.note ? <blockquote className="admin-card__note">{report.note}</blockquote> : null}
      {report.state === 'open' ? (
        <div className="admin-card__actions">
          {target.postId !== null ? (
            <>
              <button
                className="button button--secondary"
                type="button"
                disabled={busy}
                onClick={() => onHide(!target.hidden)}
              >
                {target.hidden ? `Restore ${noun}` : `Hide ${noun}`}
              </button>
              <button
                className="button button--secondary admin__danger"
                type="button"
                disabled={busy}
                onClick={onDelete}
              >
                Delete {noun}
              </button>
            </>
          ) : null}
          {(['resolve', 'dismiss'] as const).map((outcome) => (
            <button
              key={outcome}
              className="button button--secondary"
              type="button"
              disabled={busy}
              onClick={() => onSettle(outcome)}
            >
              {outcome === 'resolve' ? 'Resolve' : 'Dismiss'}
            </button>
          ))}
        </div>
      ) : (
        <p className="admin-card__meta">
          {report.state === 'resolved' ? 'Resolved' : 'Dismissed'}
          {report.resolvedBy ? ` by ${report.resolvedBy.username}` : ''}
          {report.resolvedAt ? (
            <>
              {' '}
              on <LocalDate iso={report.resolvedAt} />
            </>
          ) : null}
        </p>
      )}
    </article>
  );
}
