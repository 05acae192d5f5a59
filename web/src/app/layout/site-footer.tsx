import { feedPath } from '../../../../contracts/feeds';

/** The product's name and the site's feeds, on every page. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">Inkwell</p>
        <nav className="site-footer__nav" aria-label="Subscribe">
          {/* Plain links: the feeds are files for feed readers, not pages of this app. */}
          <a href={feedPath('rss')} type="application/rss+xml">
            RSS feed
          </a>
          <a href={feedPath('atom')} type="application/atom+xml">
            Atom feed
          </a>
        </nav>
      </div>
    </footer>
  );
}
