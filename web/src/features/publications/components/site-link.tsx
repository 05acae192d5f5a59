import { displayUrl } from '../paths';

/**
 * A publication's site: pages the server renders at its own address, outside this app's routes,
 * so a plain link and a full page load.
 */
export function SiteLink({ url, className }: { url: string; className?: string }) {
  return (
    <a className={className ? `site-link ${className}` : 'site-link'} href={url}>
      {displayUrl(url)}
    </a>
  );
}
