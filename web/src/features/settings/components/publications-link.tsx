import { AppLink } from '../../../components/ui/app-link';
import { PUBLICATIONS_PATH } from '../../publications';
import { SettingsSection } from '../../../components/ui/settings-section';

/** Publications have a page of their own; Settings points to it. */
export function PublicationsLink() {
  return (
    <SettingsSection
      title="Publications"
      lead="Your own blog's name, colour and domain, the publications you write in with others, and invitations to join one."
    >
      <AppLink className="button button--secondary" to={PUBLICATIONS_PATH}>
        Your publications
      </AppLink>
    </SettingsSection>
  );
}
