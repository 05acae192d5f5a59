import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import { applyHead } from './apply-head';
import { buildDocumentHead, type DocumentHead, type PageMeta } from './document-head';

/** The site's name and public address, from the server (PUBLIC_URL), for absolute links. */
const SiteContext = createContext<SiteInfo>({ name: 'Inkwell', publicUrl: '' });

/** On the server: where the page being rendered leaves its head, to be written into the HTML. */
export interface HeadCollector {
  head: DocumentHead | null;
}
const HeadCollectorContext = createContext<HeadCollector | null>(null);

export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function HeadCollectorProvider({
  collector,
  children,
}: {
  collector: HeadCollector;
  children: ReactNode;
}) {
  return <HeadCollectorContext.Provider value={collector}>{children}</HeadCollectorContext.Provider>;
}

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}

/**
 * A page's head, rendered by each page with what it shows. On the server it is
 * collected during rendering (the last page to render wins); in the browser it is applied once the
 * page is on screen, so client-side navigation keeps the title, canonical link and the rest right.
 */
export function PageHead(meta: PageMeta) {
  const site = useSite();
  const collector = useContext(HeadCollectorContext);
  const head = buildDocumentHead(meta, site);
  if (collector) collector.head = head;
  const key = JSON.stringify(head);
  useEffect(() => {
    applyHead(JSON.parse(key) as DocumentHead);
  }, [key]);
  return null;
}
