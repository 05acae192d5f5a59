import type { NewDelivery } from './deliveries-repository';
import { loadVocab } from './fedify';
import { uuidv7 } from '../../lib/ids';

/**
 * The signed answer to a Follow, Accept or Reject (decisions 70 and 84): the Follow as Mastodon
 * matches it (its id, actor and object; nothing fetched along the way), to the follower's inbox.
 */
export async function followAnswer(
  kind: 'Accept' | 'Reject',
  follow: { publicUrl: string; followed: string; follower: string; followId: string; inbox: string },
): Promise<NewDelivery> {
  const { Accept, Follow, Reject } = await loadVocab();
  const actorUrl = new URL(`${follow.publicUrl}${follow.followed}`);
  const values = {
    id: new URL(`${actorUrl.href}#${kind === 'Accept' ? 'accepts' : 'rejects'}/${uuidv7()}`),
    actor: actorUrl,
    object: new Follow({ id: new URL(follow.followId), actor: new URL(follow.follower), object: actorUrl }),
    to: new URL(follow.follower),
  };
  const activity = kind === 'Accept' ? new Accept(values) : new Reject(values);
  return {
    actor: follow.followed,
    inbox: follow.inbox,
    activityId: activity.id?.href ?? '',
    payload: JSON.stringify(await activity.toJsonLd()),
  };
}
