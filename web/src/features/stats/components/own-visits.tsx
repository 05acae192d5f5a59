import { STATS_COUNTED_FRAGMENT, STATS_NOT_COUNTED_FRAGMENT } from '../../../../../contracts/stats-event';
import { SettingsSection } from '../../../components/ui/settings-section';

/**
 * A blog's or publication's site on an address of its own (a sub-domain or custom domain) cannot
 * see the writer's sign-in here, so it counts their visits until they open it once, in each
 * browser, at the fragment that keeps that browser out (decision 0088). On the main site's own
 * address there is nothing to do, and nothing is shown.
 */
export function OwnVisits({ siteUrl }: { siteUrl: string }) {
  if (typeof window === 'undefined') return null;
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return null;
  }
  if (site.origin === window.location.origin) return null;
  const home = `${site.origin}${site.pathname.replace(/\/$/, '')}/`;
  return (
    <SettingsSection
      title="Your own visits"
      lead={`Your visits here are never counted. ${site.host} is a site of its own, which cannot see that you are signed in: open it once from this link in each browser you use, and that browser's visits to it are left out.`}
    >
      <p className="stats-links">
        <a href={`${home}${STATS_NOT_COUNTED_FRAGMENT}`}>Stop counting this browser on {site.host}</a>
        <a href={`${home}${STATS_COUNTED_FRAGMENT}`}>Count it again</a>
      </p>
    </SettingsSection>
  );
}
