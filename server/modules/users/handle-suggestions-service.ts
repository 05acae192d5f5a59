import {
  TOO_MANY_HANDLE_LOOKUPS_MESSAGE,
  type HandleSuggestion,
  type HandleSuggestionsQuery,
} from '../../../contracts/handles';
import type { Viewer } from '../accounts/authenticator';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import type { HandleSuggestionsRepository } from './handle-suggestions-repository';
import { spend } from './users-service';

/**
 * Whom to suggest as one types `@` in the comment box (docs/decisions/0051-handles.md): the
 * people in the post's discussion first, then everyone else whose handle or name starts so.
 * Counted per account, so the lookup cannot be used to list every handle quickly.
 */
export class HandleSuggestionsService {
  private readonly lookupsByUser: RateLimiter;

  constructor(
    private readonly suggestions: HandleSuggestionsRepository,
    limiters: RateLimiters<'handleLookupsPerUser'>,
  ) {
    this.lookupsByUser = limiters.limiter('handleLookupsPerUser');
  }

  async suggest(viewer: Viewer, query: HandleSuggestionsQuery): Promise<HandleSuggestion[]> {
    await spend(this.lookupsByUser, viewer.id, TOO_MANY_HANDLE_LOOKUPS_MESSAGE);
    const { prefix, limit, postId } = query;
    const first =
      postId === undefined ? [] : await this.suggestions.inDiscussion(postId, prefix, limit, viewer.id);
    if (first.length >= limit) return first;
    const rest = await this.suggestions.matching(prefix, limit, viewer.id);
    const seen = new Set(first.map((person) => person.id));
    return [...first, ...rest.filter((person) => !seen.has(person.id))].slice(0, limit);
  }
}
