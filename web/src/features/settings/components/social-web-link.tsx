import { AppLink } from '../../../components/ui/app-link';
import { SettingsSection } from '../../../components/ui/settings-section';
import { SOCIAL_FOLLOWERS_PATH, SOCIAL_FOLLOWING_PATH } from '../../../lib/paths';

/** Settings points to the writer's followers on the social web, which have a page of their own. */
export function SocialWebLink() {
  return (
    <SettingsSection
      title="The social web"
      lead="Who follows you from Mastodon and other servers, their requests, and whether you approve new followers by hand; whom you follow there, and what they post."
    >
      <div className="settings-section__links">
        <AppLink className="button button--secondary" to={SOCIAL_FOLLOWERS_PATH}>
          Followers on the social web
        </AppLink>
        <AppLink className="button button--secondary" to={SOCIAL_FOLLOWING_PATH}>
          Following on the social web
        </AppLink>
      </div>
    </SettingsSection>
  );
}
