import { useId } from 'react';
import type { InstanceFigures } from '../../../../../contracts/moderation';

const count = new Intl.NumberFormat('en-US');

/** Bytes as a person reads them: 1.2 MB (powers of 1,000, like disks and file managers). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${count.format(value)} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The instance in figures, read when the admin page opened. */
export function FiguresSection({ figures }: { figures: InstanceFigures }) {
  const headingId = useId();
  const rows: [string, string][] = [
    [
      'Accounts',
      `${count.format(figures.users)}${figures.suspendedUsers ? ` (${count.format(figures.suspendedUsers)} suspended)` : ''}`,
    ],
    [
      'Posts',
      `${count.format(figures.posts)}${figures.hiddenPosts ? ` (${count.format(figures.hiddenPosts)} hidden)` : ''}`,
    ],
    ['Comments', count.format(figures.comments)],
    ['Pictures', `${count.format(figures.media)} · ${formatBytes(figures.mediaBytes)}`],
    ['Database', formatBytes(figures.databaseBytes)],
    ['Open reports', count.format(figures.openReports)],
  ];
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 className="admin-section__title" id={headingId}>
        Figures
      </h2>
      <dl className="admin-figures">
        {rows.map(([label, value]) => (
          <div key={label} className="admin-figures__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
