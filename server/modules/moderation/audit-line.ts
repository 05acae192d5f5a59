import type { ModerationAction, ModerationLogEntry } from '../../../contracts/moderation';
import type { Viewer } from '../accounts/authenticator';

/** What an audit line names: a post, comment, report, account or one of curation's lists. */
export interface AuditTarget {
  kind: ModerationLogEntry['target']['kind'];
  id: string;
  label: string;
}

/**
 * The audit log's line for an operator's action, as the repository's `log` takes it: written in
 * the action's own transaction by moderation and curation alike.
 */
export function auditLine(operator: Viewer, action: ModerationAction, target: AuditTarget, reason?: string) {
  return {
    actor_id: operator.id,
    actor_name: operator.username,
    action,
    target_kind: target.kind,
    target_id: target.id,
    target_label: target.label.slice(0, 300),
    reason: reason ? reason : null,
  };
}
