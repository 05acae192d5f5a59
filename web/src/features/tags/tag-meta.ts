import type { PageMeta } from '../../app/head/document-head';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import type { TagInfo } from '../../../../contracts/tags';
import { tagPath } from '../../lib/tag-paths';

export function postCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'post' : 'posts'}`;
}

/** The topic page's head: what it lists, its canonical address and its own feeds. */
export function tagMeta(info: TagInfo, site: SiteInfo): PageMeta {
  return {
    title: `Posts about ${info.name}`,
    description: `${postCountText(info.postCount)} about ${info.name} on ${site.name}, newest first.`,
    canonicalPath: tagPath(info.name),
    type: 'website',
    feeds: [{ title: `${info.name} on ${site.name}`, scope: { tag: info.name } }],
  };
}
