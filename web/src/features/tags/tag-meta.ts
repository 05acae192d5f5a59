import type { PageMeta } from '../../lib/head/document-head';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import type { TagInfo } from '../../../../contracts/tags';
import { tagPath } from '../../lib/tag-paths';

export function postCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'post' : 'posts'}`;
}

/**
 * The topic page's head: what it lists, its canonical address and its own feeds. Words name the
 * topic as its first writer typed it (C++); addresses use its address (c++).
 */
export function tagMeta(info: TagInfo, site: SiteInfo): PageMeta {
  return {
    title: `Posts about ${info.label}`,
    description: `${postCountText(info.postCount)} about ${info.label} on ${site.name}, newest first.`,
    canonicalPath: tagPath(info.name),
    type: 'website',
    feeds: [{ title: `${info.label} on ${site.name}`, scope: { tag: info.name } }],
  };
}
