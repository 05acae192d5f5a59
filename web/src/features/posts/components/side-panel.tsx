import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { CHANGELOG, RECOMMENDED_TOPICS, STAFF_PICKS, WHO_TO_FOLLOW } from '../side-panel-content';

/**
 * SPEC §1: the static side panel of the all-posts page. Its content is fixed, so it holds no
 * controls: a button here could only do nothing, which PRODUCT fix 7 rules out.
 */
export function SidePanel() {
  return (
    <aside className="side-panel" aria-label="Around Inkwell">
      <section className="side-panel__section" aria-labelledby="side-changelog">
        <h2 id="side-changelog" className="side-panel__heading">
          Changelog
        </h2>
        <ul className="side-panel__list">
          {CHANGELOG.map((entry) => (
            <li key={entry.text} className="side-panel__changelog">
              <span className="side-panel__muted">{entry.date}</span> {entry.text}
            </li>
          ))}
        </ul>
      </section>
      <section className="side-panel__section" aria-labelledby="side-staff-picks">
        <h2 id="side-staff-picks" className="side-panel__heading">
          Staff picks
        </h2>
        <ul className="side-panel__list">
          {STAFF_PICKS.map((pick) => (
            <li key={pick.title} className="side-panel__pick">
              <span className="side-panel__byline">
                <AvatarInitial name={pick.author} size="sm" />
                {pick.author}
              </span>
              <span className="side-panel__pick-title">{pick.title}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="side-panel__section" aria-labelledby="side-topics">
        <h2 id="side-topics" className="side-panel__heading">
          Recommended topics
        </h2>
        <ul className="side-panel__topics">
          {RECOMMENDED_TOPICS.map((topic) => (
            <li key={topic} className="side-panel__topic">
              {topic}
            </li>
          ))}
        </ul>
      </section>
      <section className="side-panel__section" aria-labelledby="side-follow">
        <h2 id="side-follow" className="side-panel__heading">
          Who to follow
        </h2>
        <ul className="side-panel__list">
          {WHO_TO_FOLLOW.map((person) => (
            <li key={person.name} className="side-panel__person">
              <AvatarInitial name={person.name} size="sm" />
              <span>
                <span className="side-panel__name">{person.name}</span>
                <span className="side-panel__muted">{person.about}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
