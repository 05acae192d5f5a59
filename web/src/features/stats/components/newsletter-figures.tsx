import type { StatsNewsletter, StatsPostEmail } from '../../../../../contracts/stats';
import { AppLink } from '../../../components/ui/app-link';
import { FigureTiles } from '../../../components/ui/figure-tiles';
import { bucketsOf, GrowthChart } from '../../../components/ui/growth-chart';
import { LocalDate } from '../../../components/ui/local-date';
import { SettingsSection } from '../../../components/ui/settings-section';
import { subscribersPath } from '../../subscribers';
import { postStatsPath } from '../paths';
import { number, periodName } from './stats-sections';

/** Why the page shows no opens: said wherever email figures are. */
const NO_OPENS =
  'Opens are not counted: that takes a tracking picture in every email, which tells the sender when and where each reader opened it, so Inkwell sends none. Links from the email to the post carry ref=newsletter: the visits it brings are under Sources as newsletter.';

/** "Still to go" covers sending and retrying; the rest as the Subscribers page says them. */
function emailTiles(post: StatsPostEmail) {
  return [
    { name: 'Sent', value: number(post.emails.sent) },
    { name: 'Bounced', value: number(post.emails.bounced) },
    { name: 'Failed', value: number(post.emails.failed) },
    { name: 'Still to go', value: number(post.emails.waiting) },
  ];
}

/** A writer's or publication's newsletter beside its views: subscribers, their growth, the posts emailed. */
export function NewsletterSection({
  newsletter,
  days,
  own,
}: {
  newsletter: StatsNewsletter;
  days: number;
  /** The writer's own blog (its Subscribers page is /subscribers), not a publication. */
  own: boolean;
}) {
  const joined = newsletter.growth.reduce((sum, day) => sum + day.subscribed, 0);
  const left = newsletter.growth.reduce((sum, day) => sum + day.unsubscribed, 0);
  const period = periodName(days);
  return (
    <SettingsSection
      title="Newsletter"
      lead={`${newsletter.list.name}'s subscribers and the posts emailed to them ${period} (UTC days).`}
    >
      <FigureTiles
        className="stats-figures stats-newsletter__figures"
        tiles={[
          { name: 'Subscribers', value: number(newsletter.subscribers) },
          { name: 'New', value: number(joined) },
          { name: 'Unsubscribed', value: number(left) },
        ]}
      />
      <GrowthChart
        buckets={bucketsOf(newsletter.growth, days)}
        caption={`${number(joined)} new ${joined === 1 ? 'subscriber' : 'subscribers'} and ${number(left)} unsubscribed ${period}.`}
      />
      {newsletter.posts.length === 0 ? (
        <p className="stats-empty">No post was emailed {period}.</p>
      ) : (
        <div className="stats-table-wrap">
          <table className="stats-table">
            <caption className="visually-hidden">Posts emailed {period}</caption>
            <thead>
              <tr>
                <th scope="col">Post emailed</th>
                <th scope="col">Sent</th>
                <th scope="col">Bounced</th>
                <th scope="col">Failed</th>
                <th scope="col">Still to go</th>
              </tr>
            </thead>
            <tbody>
              {newsletter.posts.map((post) => (
                <tr key={post.id}>
                  <th scope="row">
                    <AppLink to={postStatsPath(post.id)}>{post.title}</AppLink>{' '}
                    <span className="stats-muted">
                      <LocalDate iso={post.emailedAt} />
                    </span>
                  </th>
                  <td>{number(post.emails.sent)}</td>
                  <td>{number(post.emails.bounced)}</td>
                  <td>{number(post.emails.failed)}</td>
                  <td>{number(post.emails.waiting)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="stats-note">{NO_OPENS}</p>
      <p>
        <AppLink to={subscribersPath(own ? undefined : newsletter.list.slug)}>
          Every subscriber and email
        </AppLink>
      </p>
    </SettingsSection>
  );
}

/** One post's email: what became of it, or that it was not emailed. */
export function PostEmailSection({ email }: { email: StatsPostEmail | null }) {
  return (
    <SettingsSection title="Email" lead="This post's email to its newsletter's subscribers.">
      {email === null ? (
        <p className="stats-empty">This post was not emailed.</p>
      ) : (
        <>
          <p className="stats-muted">
            {email.state === 'waiting' ? 'Goes out when the post is published; asked for ' : 'Emailed '}
            <LocalDate iso={email.emailedAt} />
            {email.state === 'cancelled' ? '. Stopped: the post is no longer public.' : '.'}
          </p>
          <FigureTiles className="stats-figures stats-email__figures" tiles={emailTiles(email)} />
        </>
      )}
      <p className="stats-note">{NO_OPENS}</p>
    </SettingsSection>
  );
}
