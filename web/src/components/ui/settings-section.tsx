import { useId, type ReactNode } from 'react';
import './choice-group.css';
import './settings-section.css';

/** One kind of change on the settings page, under its own heading (a landmark for screen readers). */
export function SettingsSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 className="settings-section__title" id={headingId}>
        {title}
      </h2>
      <p className="settings-section__lead">{lead}</p>
      {children}
    </section>
  );
}
