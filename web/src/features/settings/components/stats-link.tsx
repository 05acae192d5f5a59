import { AppLink } from '../../../components/ui/app-link';
import { SettingsSection } from '../../../components/ui/settings-section';
import { statsPath } from '../../stats';

/** Settings points to the writer's own figures, which have a page of their own. */
export function StatsLink() {
  return (
    <SettingsSection
      title="Stats"
      lead="Views, visitors, reads and where readers came from, over all your posts: counted without cookies."
    >
      <AppLink className="button button--secondary" to={statsPath()}>
        Your stats
      </AppLink>
    </SettingsSection>
  );
}
