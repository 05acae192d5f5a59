import { useId } from 'react';
import type { ModerationAction, ModerationLogEntry } from '../../../../../contracts/moderation';
import { LocalDate } from '../../../components/ui/local-date';
import { listLog } from '../api/admin';
import { usePagedList } from '../use-paged-list';
import { AdminList } from './admin-list';

const DONE: Record<ModerationAction, string> = {
  'report.resolve': 'resolved a report:',
  'report.dismiss': 'dismissed a report:',
  'post.hide': 'hid the post',
  'post.restore': 'restored the post',
  'post.delete': 'deleted the post',
  'comment.hide': 'hid the comment',
  'comment.restore': 'restored the comment',
  'comment.delete': 'deleted the comment',
  'user.suspend': 'suspended',
  'user.reinstate': 'reinstated',
  'staff-picks.set': 'set the staff picks',
  'testimonials.set': 'set the testimonials',
};

/** Every operator action, newest first, as it was at the time (names and titles may change since). */
export function AuditLog() {
  const headingId = useId();
  const list = usePagedList(listLog);
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 className="admin-section__title" id={headingId}>
        Audit log
      </h2>
      <p className="admin-section__lead">
        Every action taken on this page, by whom and why. It cannot be edited.
      </p>
      <AdminList
        list={list}
        loadingLabel="Loading the audit log"
        empty="No operator has acted yet."
        keyOf={(entry: ModerationLogEntry) => entry.id}
        renderItem={(entry: ModerationLogEntry) => (
          <article className="admin-card admin-card--compact">
            <p>
              <strong>{entry.actorName}</strong> {DONE[entry.action]}{' '}
              {entry.target.kind === 'staff-picks' || entry.target.kind === 'testimonials' ? (
                // A count, not a name: "(2 staff picks)".
                <span className="admin-card__label">({entry.target.label})</span>
              ) : (
                <q className="admin-card__label">{entry.target.label}</q>
              )}
            </p>
            <p className="admin-card__meta">
              <LocalDate iso={entry.createdAt} />
              {entry.reason ? <> · Reason: {entry.reason}</> : null}
            </p>
          </article>
        )}
      />
    </section>
  );
}
