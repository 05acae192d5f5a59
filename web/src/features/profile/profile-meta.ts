import type { Profile } from '../../../../contracts/auth';
import { writerActorPath } from '../../../../contracts/federation';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import { absoluteUrl, type PageMeta } from '../../lib/head/document-head';
import { profilePath } from '../../lib/paths';

function plural(value: number, one: string, many: string): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
}

/** A profile's head (issue 8 §2): the writer's feeds and ProfilePage data. */
export function profileMeta(profile: Omit<Profile, 'pinnedPost'>, site: SiteInfo): PageMeta {
  const path = profilePath(profile);
  const url = absoluteUrl(site, path);
  const image = profile.picture ? absoluteUrl(site, profile.picture.url) : profile.image;
  const sameAs = [...(profile.links.website ? [profile.links.website] : []), ...profile.links.elsewhere];
  return {
    title: profile.username,
    description: `${profile.username} writes on ${site.name}: ${plural(profile.postCount, 'post', 'posts')}, ${plural(profile.followerCount, 'follower', 'followers')}.`,
    canonicalPath: path,
    type: 'profile',
    feeds: [{ title: `${profile.username} on ${site.name}`, scope: { userId: profile.id } }],
    // Only an account with a handle is an actor on the social web.
    ...(profile.handle ? { activityPath: writerActorPath(profile.id) } : {}),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      dateCreated: profile.createdAt,
      mainEntity: {
        '@type': 'Person',
        name: profile.username,
        identifier: profile.id,
        url,
        ...(image ? { image } : {}),
        // Their own pages elsewhere: what search engines tie the person to.
        ...(sameAs.length > 0 ? { sameAs: sameAs.map((link) => link.url) } : {}),
        interactionStatistic: [
          {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/FollowAction',
            userInteractionCount: profile.followerCount,
          },
          {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/WriteAction',
            userInteractionCount: profile.postCount,
          },
        ],
      },
    },
  };
}
