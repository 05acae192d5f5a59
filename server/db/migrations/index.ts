import type { Migration } from 'kysely';
import * as createUsers from './2026-11-21-0001-create-users';
import * as createPosts from './2026-11-21-0002-create-posts';
import * as createComments from './2026-11-21-0003-create-comments';
import * as createFavorites from './2026-11-21-0004-create-favorites';
import * as createFollows from './2026-11-21-0005-create-follows';
import * as createInstanceSecrets from './2026-11-22-0001-create-instance-secrets';
import * as createTags from './2026-11-22-0002-create-tags';
import * as createPostSearch from './2026-11-22-0003-create-post-search';
import * as indexFavoritesByTime from './2026-11-22-0004-index-favorites-by-time';
import * as postPublication from './2026-11-22-0301-post-publication';
import * as createMedia from './2026-11-22-0302-create-media';
import * as createAccountTokens from './2026-11-22-0401-create-account-tokens';
import * as createConversation from './2026-11-22-0501-create-conversation';
import * as commentAnchors from './2026-11-25-0001-comment-anchors';
import * as postCounters from './2026-11-25-0002-post-counters';
import * as postImportKeys from './2026-11-25-0003-post-import-keys';
import * as createApiKeys from './2026-11-25-0004-create-api-keys';
import * as createWebhooks from './2026-11-25-0005-create-webhooks';
import * as uniqueUsernamesAndProfiles from './2026-11-25-0006-unique-usernames-and-profiles';
import * as postDescriptions from './2026-11-25-0007-post-descriptions';
import * as createModeration from './2026-11-25-0101-create-moderation';
import * as countVisibleComments from './2026-11-25-0102-count-visible-comments';
import * as createPublications from './2026-11-25-0201-create-publications';
import * as createMailOutbox from './2026-11-25-0202-create-mail-outbox';
import * as undoLinks from './2026-11-26-0001-undo-links';
import * as normalizedUsernameKeys from './2026-11-26-0002-normalized-username-keys';
import * as handles from './2026-11-26-0003-handles';
import * as commentNumbers from './2026-11-28-0001-comment-numbers';
import * as createNewsletterSubscriptions from './2026-11-28-0101-create-newsletter-subscriptions';
import * as keptSessions from './2026-11-28-0201-kept-sessions';
import * as tagLabels from './2026-11-28-0202-tag-labels';
import * as handlePrefixes from './2026-11-28-0571-handle-prefixes';
import * as formerMembersWithoutHandles from './2026-11-28-0601-former-members-without-handles';
import * as newsletterSends from './2026-11-28-0701-newsletter-sends';
import * as subscriberLookups from './2026-11-28-0801-subscriber-lookups';
import * as createStats from './2026-11-28-1001-create-stats';
import * as newsletterDefaultDelivery from './2026-11-29-0101-newsletter-default-delivery';
import * as postNewsletterChoice from './2026-11-29-0102-post-newsletter-choice';
import * as profilePicturesLinksPins from './2026-11-29-0401-profile-pictures-links-pins';
import * as createActorKeys from './2026-11-29-0601-create-actor-keys';
import * as createFederationFollowersAndDeliveries from './2026-11-29-0602-create-federation-followers-and-deliveries';
import * as createFederationPosts from './2026-11-29-0701-create-federation-posts';
import * as statsScopeRollups from './2026-11-29-0901-stats-scope-rollups';
import * as createPostPreviews from './2026-11-29-1001-create-post-previews';
import * as createSeries from './2026-11-29-1301-create-series';
import * as createPublicationPages from './2026-11-29-1701-create-publication-pages';
import * as publicationSiteSettings from './2026-11-29-1702-publication-site-settings';
import * as newsletterSendsByList from './2026-11-30-0401-newsletter-sends-by-list';
import * as postSettings from './2026-11-29-1401-post-settings';
import * as federationConversation from './2026-11-29-1901-federation-conversation';
import * as federationReactionsAndBlocks from './2026-11-29-1902-federation-reactions-and-blocks';
import * as createPostVersions from './2026-11-29-1101-create-post-versions';
import * as authorModeration from './2026-11-29-1201-author-moderation';
import * as createPostAuthors from './2026-11-30-0101-create-post-authors';
import * as federationSentComments from './2026-11-30-0301-federation-sent-comments';
import * as socialWebFollowing from './2026-12-01-0101-social-web-following';
import * as socialTimelineActions from './2026-12-02-0301-social-timeline-actions';
import * as socialTimelineBoosts from './2026-12-02-0302-social-timeline-boosts';

/**
 * Every migration, by its sortable name. Listed in code rather than read from the folder so the
 * bundled server carries them; the names must never change once merged.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-create-users': createUsers,
  '2026-11-21-0002-create-posts': createPosts,
  '2026-11-21-0003-create-comments': createComments,
  '2026-11-21-0004-create-favorites': createFavorites,
  '2026-11-21-0005-create-follows': createFollows,
  '2026-11-22-0001-create-instance-secrets': createInstanceSecrets,
  '2026-11-22-0002-create-tags': createTags,
  '2026-11-22-0003-create-post-search': createPostSearch,
  '2026-11-22-0004-index-favorites-by-time': indexFavoritesByTime,
  '2026-11-22-0301-post-publication': postPublication,
  '2026-11-22-0302-create-media': createMedia,
  '2026-11-22-0401-create-account-tokens': createAccountTokens,
  '2026-11-22-0501-create-conversation': createConversation,
  '2026-11-25-0001-comment-anchors': commentAnchors,
  '2026-11-25-0002-post-counters': postCounters,
  '2026-11-25-0003-post-import-keys': postImportKeys,
  '2026-11-25-0004-create-api-keys': createApiKeys,
  '2026-11-25-0005-create-webhooks': createWebhooks,
  '2026-11-25-0006-unique-usernames-and-profiles': uniqueUsernamesAndProfiles,
  '2026-11-25-0007-post-descriptions': postDescriptions,
  '2026-11-25-0101-create-moderation': createModeration,
  '2026-11-25-0102-count-visible-comments': countVisibleComments,
  '2026-11-25-0201-create-publications': createPublications,
  '2026-11-25-0202-create-mail-outbox': createMailOutbox,
  '2026-11-26-0001-undo-links': undoLinks,
  '2026-11-26-0002-normalized-username-keys': normalizedUsernameKeys,
  '2026-11-26-0003-handles': handles,
  '2026-11-28-0001-comment-numbers': commentNumbers,
  '2026-11-28-0101-create-newsletter-subscriptions': createNewsletterSubscriptions,
  '2026-11-28-0201-kept-sessions': keptSessions,
  '2026-11-28-0202-tag-labels': tagLabels,
  '2026-11-28-0571-handle-prefixes': handlePrefixes,
  '2026-11-28-0601-former-members-without-handles': formerMembersWithoutHandles,
  '2026-11-28-0701-newsletter-sends': newsletterSends,
  '2026-11-28-0801-subscriber-lookups': subscriberLookups,
  '2026-11-28-1001-create-stats': createStats,
  '2026-11-29-0101-newsletter-default-delivery': newsletterDefaultDelivery,
  '2026-11-29-0102-post-newsletter-choice': postNewsletterChoice,
  '2026-11-29-0401-profile-pictures-links-pins': profilePicturesLinksPins,
  '2026-11-29-0601-create-actor-keys': createActorKeys,
  '2026-11-29-0602-create-federation-followers-and-deliveries': createFederationFollowersAndDeliveries,
  '2026-11-29-0701-create-federation-posts': createFederationPosts,
  '2026-11-29-0901-stats-scope-rollups': statsScopeRollups,
  '2026-11-29-1001-create-post-previews': createPostPreviews,
  '2026-11-29-1301-create-series': createSeries,
  '2026-11-29-1401-post-settings': postSettings,
  '2026-11-29-1101-create-post-versions': createPostVersions,
  '2026-11-29-1201-author-moderation': authorModeration,
  '2026-11-29-1901-federation-conversation': federationConversation,
  '2026-11-29-1701-create-publication-pages': createPublicationPages,
  '2026-11-29-1902-federation-reactions-and-blocks': federationReactionsAndBlocks,
  '2026-11-29-1702-publication-site-settings': publicationSiteSettings,
  '2026-11-30-0101-create-post-authors': createPostAuthors,
  '2026-11-30-0301-federation-sent-comments': federationSentComments,
  '2026-11-30-0401-newsletter-sends-by-list': newsletterSendsByList,
  '2026-12-01-0101-social-web-following': socialWebFollowing,
  '2026-12-02-0301-social-timeline-actions': socialTimelineActions,
  '2026-12-02-0302-social-timeline-boosts': socialTimelineBoosts,
};
