import { AppLink } from '../../../components/ui/app-link';
import { SettingsSection } from '../../../components/ui/settings-section';
import { subscribersPath } from '../paths';

/** Settings points to the writer's own newsletter list, which has a page of its own. */
export function SubscribersLink() {
  return (
    <SettingsSection
      title="Newsletter subscribers"
      lead="Who subscribed to your blog by email, how the list grows, and importing or exporting it as CSV."
    >
      <AppLink className="button button--secondary" to={subscribersPath()}>
        Your subscribers
      </AppLink>
    </SettingsSection>
  );
}
