/**
 * SPEC §1: the all-posts page's side panel is fixed content, not tied to data. Kept as data here
 * so the component stays markup and the words are easy to change.
 */

export const CHANGELOG: { date: string; text: string }[] = [
  { date: 'Nov 2026', text: 'Discussions under every post, with Markdown.' },
  { date: 'Nov 2026', text: 'Favorites and a Following tab for the writers you follow.' },
  { date: 'Oct 2026', text: 'Run Inkwell on PostgreSQL when one machine is not enough.' },
];

export const STAFF_PICKS: { author: string; title: string }[] = [
  { author: 'Amara Okafor', title: 'The quiet craft of the second draft' },
  { author: 'Lucas Meyer', title: 'What a year of daily notes taught me about memory' },
  { author: 'Priya Raman', title: 'Reading slowly in a fast world' },
];

export const RECOMMENDED_TOPICS: string[] = [
  'Writing',
  'Programming',
  'Self-hosting',
  'Productivity',
  'Design',
  'Science',
  'Books',
];

export const WHO_TO_FOLLOW: { name: string; about: string }[] = [
  { name: 'Hana Sato', about: 'Essays on language and translation' },
  { name: 'Diego Alvarez', about: 'Notes from a small open-source shop' },
  { name: 'Ines Laurent', about: 'Slow travel, long reads' },
];
