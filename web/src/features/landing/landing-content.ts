/** The static marketing copy of specification §1, kept apart from the markup so it reads as one text. */

export interface Feature {
  id: string;
  eyebrow: string;
  title: string;
  body: string;
  /** Where a visitor can use the feature, once it exists (the landing page is a promise). */
  action?: { to: string; label: string };
}

export const FEATURES: readonly Feature[] = [
  {
    id: 'custom-domain',
    eyebrow: 'Custom domain',
    title: 'Your words, at your own address',
    body: 'Point your domain at Inkwell and your publication lives at blog.yourname.com. Readers see your name in the address bar, and your links are yours to keep.',
  },
  {
    id: 'sub-domain',
    eyebrow: 'Free sub-domain',
    title: 'Start today, without buying anything',
    body: 'No domain yet? Begin on a free sub-domain and publish in minutes. Move to your own domain whenever you like; nothing you wrote has to change.',
  },
  {
    id: 'headless',
    eyebrow: 'Headless mode with APIs',
    title: 'Write here, publish anywhere',
    body: 'Every post is available through a documented JSON API. Use Inkwell as your writing room and show your stories on your own site, in an app or in a newsletter.',
  },
  {
    id: 'editor',
    eyebrow: 'Block-based editor',
    title: 'An editor that stays out of your way',
    body: 'Headings, paragraphs, quotes, lists and code are blocks you write in plain Markdown. What you type is what readers get: clean, fast and safe.',
  },
  {
    id: 'comments',
    eyebrow: 'In-line commenting',
    title: 'Comment on the very passage',
    // What the read page does (features/passages): a selection's Comment button, a keyboard way to
    // pick a paragraph, marks and counts every reader sees, quotes that lead back to the passage.
    body: 'Select a few words in any post and choose Comment, or pick a paragraph from the keyboard. Every reader then sees the passage marked, with a count beside it that opens its comments, and each quote in the discussion under the post leads back to its passage.',
    action: { to: '/allblog', label: 'Open a post and comment on a passage' },
  },
];

export const TEAMS = {
  eyebrow: 'Enterprise and teams',
  title: 'Built for teams that need to own their platform',
  body: 'Run Inkwell on your own servers and keep your writing where your policies require. Start on a single machine with an embedded database and move to PostgreSQL when your team grows.',
  points: [
    'Self-hosted: your data never leaves your infrastructure',
    'From one embedded SQLite file to PostgreSQL at scale',
    'A public API for your own tools and workflows',
    'Publications: a shared blog with an owner, editors who publish and writers who write',
  ],
  /** Where a team starts (signed-out visitors are asked to sign in first). */
  action: { to: '/publications', label: 'Start a publication' },
} as const;
