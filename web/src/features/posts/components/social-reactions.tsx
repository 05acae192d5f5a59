const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * Likes and boosts the post had on the social web (decision 0084): one small line in the post's
 * footer, rendered with the page (the counts come with the post's read), so nothing moves when the
 * page comes to life; nothing at all when there are none.
 */
export function SocialReactions({ likes, reposts }: { likes: number; reposts: number }) {
  if (likes === 0 && reposts === 0) return null;
  const parts = [
    ...(likes > 0 ? [plural(likes, 'like', 'likes')] : []),
    ...(reposts > 0 ? [plural(reposts, 'boost', 'boosts')] : []),
  ];
  return <span className="social-reactions">From the social web: {parts.join(' · ')}</span>;
}
