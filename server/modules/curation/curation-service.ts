import {
  COMMENT_NOT_FOUND_MESSAGE,
  PICK_NOT_PUBLIC_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  QUOTE_NOT_IN_SOURCE_MESSAGE,
  type InstanceFigures,
  type StaffPick,
  type TargetKind,
  type Testimonial,
} from '../../../contracts/moderation';
import type { Viewer } from '../accounts/authenticator';
import { badRequest, notFound } from '../../lib/http-errors';
import { auditLine } from '../moderation/audit-line';
import type { ModerationRepository } from '../moderation/moderation-repository';
import type { CurationRepository } from './curation-repository';

/**
 * What curation borrows from moderation: the transaction an operator's action runs in, its view of
 * a post or comment (public or not, its words), and the audit log every operator action is written to.
 */
export type OperatorRecords = Pick<ModerationRepository, 'transaction' | 'findTarget' | 'log'>;

/** White space collapsed and case folded: how a quote is found in its source. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What operators put forward: the staff picks of the side panel and the landing page's
 * testimonials, each replaced whole and audited in its own transaction; and the instance in figures.
 */
export class CurationService {
  constructor(
    private readonly repository: CurationRepository,
    private readonly records: OperatorRecords,
  ) {}

  staffPicks(): Promise<StaffPick[]> {
    return this.repository.staffPicks();
  }

  /** Replaces the picks; each must be a post readers can see now. */
  async setStaffPicks(operator: Viewer, postIds: string[]): Promise<StaffPick[]> {
    await this.records.transaction(async (trx) => {
      for (const id of postIds) {
        const post = await this.records.findTarget('post', id, trx);
        if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
        if (post.hiddenReason !== null || !post.postPublic) {
          throw badRequest(PICK_NOT_PUBLIC_MESSAGE, { postIds: [PICK_NOT_PUBLIC_MESSAGE] });
        }
      }
      await this.repository.replaceStaffPicks(trx, postIds, operator.id);
      await this.logReplaced(trx, operator, 'staff-picks', postIds.length);
    });
    return this.repository.staffPicks();
  }

  testimonials(publicOnly: boolean): Promise<Testimonial[]> {
    return this.repository.testimonials(publicOnly);
  }

  /**
   * Replaces the landing page's quotes. Each must be words its public source really says (white
   * space and case aside): the wall quotes real people, never invents them.
   */
  async setTestimonials(
    operator: Viewer,
    quotes: { source: { kind: TargetKind; id: string }; quote: string }[],
  ): Promise<Testimonial[]> {
    await this.records.transaction(async (trx) => {
      const rows = [];
      for (const [index, item] of quotes.entries()) {
        const source = await this.records.findTarget(item.source.kind, item.source.id, trx);
        if (!source || source.hiddenReason !== null || !source.postPublic) {
          throw notFound(item.source.kind === 'post' ? POST_NOT_FOUND_MESSAGE : COMMENT_NOT_FOUND_MESSAGE);
        }
        if (!folded(source.text).includes(folded(item.quote))) {
          throw badRequest(QUOTE_NOT_IN_SOURCE_MESSAGE, {
            [`testimonials.${index}.quote`]: [QUOTE_NOT_IN_SOURCE_MESSAGE],
          });
        }
        rows.push({
          postId: source.postId,
          commentId: source.kind === 'comment' ? source.id : null,
          quote: item.quote.replace(/\s+/g, ' ').trim(),
        });
      }
      await this.repository.replaceTestimonials(trx, rows, operator.id);
      await this.logReplaced(trx, operator, 'testimonials', rows.length);
    });
    return this.repository.testimonials(false);
  }

  figures(): Promise<InstanceFigures> {
    return this.repository.figures();
  }

  /** The audit line of a list replaced whole, e.g. "3 staff picks". */
  private logReplaced(
    trx: Parameters<OperatorRecords['log']>[0],
    operator: Viewer,
    list: 'staff-picks' | 'testimonials',
    count: number,
  ): Promise<void> {
    const noun = list === 'staff-picks' ? 'staff pick' : 'testimonial';
    const label = `${count} ${noun}${count === 1 ? '' : 's'}`;
    return this.records.log(trx, auditLine(operator, `${list}.set`, { kind: list, id: list, label }));
  }
}
