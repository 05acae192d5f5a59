/**
 * Deterministic, realistic-looking seed data: author names, post titles and Markdown bodies of a
 * few hundred to about 2,000 characters. Bodies are assembled from a pool of pre-generated blocks
 * (paragraphs, headings, lists, quotes, code) so that a million posts cost seconds, not minutes.
 */

import { TOPIC_WORDS, zipfSampler } from './topics';

/** mulberry32: a tiny seeded PRNG, so every run seeds the same data for the same options. */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: Random, minInclusive: number, maxExclusive: number): number {
  return minInclusive + Math.floor(random() * (maxExclusive - minInclusive));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
  'Ken',
  'Dennis',
  'Frances',
  'Radia',
  'Linus',
  'Guido',
  'Yukihiro',
  'Anders',
  'Hedy',
  'Katherine',
  'Tim',
  'Sophie',
  'Niklaus',
  'Leslie',
  'John',
  'Mary',
  'Lynn',
  'Jean',
  'Shafi',
  'Whitfield',
  'Adele',
  'Bjarne',
  'Rasmus',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Ritchie',
  'Allen',
  'Perlman',
  'Torvalds',
  'Rossum',
  'Matsumoto',
  'Hejlsberg',
  'Lamarr',
  'Johnson',
  'Berners-Lee',
  'Wilson',
  'Wirth',
  'Lamport',
  'McCarthy',
  'Keller',
  'Conway',
  'Sammet',
  'Goldwasser',
  'Diffie',
  'Goldberg',
  'Stroustrup',
  'Lerdorf',
];

export function authorName(index: number): string {
  const first = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Writer';
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Anonymous';
  return `${first} ${last}`;
}

const WORDS = (
  'the a of and to in is that it for on with as was at by an be this from or have not are but ' +
  'database index query latency cache server browser request response page cursor keyset writer ' +
  'reader story draft markdown paragraph garden morning coffee mountain river city winter summer ' +
  'journey lesson habit practice craft design system pattern language memory thread process signal ' +
  'quiet simple careful honest patient curious small large early late slow fast clear deep bright ' +
  'build measure learn write read ship test refactor explain notice remember choose follow wander ' +
  'because although while when after before until since often rarely always never sometimes ' +
  'we you they our your their every each another most many few some'
).split(' ');

const TITLE_OPENERS = [
  'Notes on',
  'What I learned from',
  'A field guide to',
  'Why I stopped worrying about',
  'The quiet art of',
  'Ten years of',
  'Rethinking',
  'In defence of',
  'A short history of',
  'Getting started with',
  'Lessons from',
  'On',
  'Against',
  'The case for',
  'How we rebuilt',
];
const TITLE_SUBJECTS = [
  'slow mornings',
  'keyset pagination',
  'writing every day',
  'small databases',
  'city gardens',
  'reading old code',
  'mountain trails',
  'honest benchmarks',
  'the second draft',
  'winter cycling',
  'long-form blogging',
  'careful refactoring',
  'remote teams',
  'learning Rust',
  'baking bread',
  'self-hosting',
  'Markdown tables',
  'quiet software',
  'note-taking systems',
  'street photography',
];

/** A topical word (long-tailed), or null for an everyday one. */
type TopicalWord = () => string | null;

function sentence(random: Random, topical: TopicalWord): string {
  const length = randomInt(random, 6, 18);
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(topical() ?? pick(random, WORDS));
  const first = words[0] ?? 'the';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  if (random() < 0.12) words[randomInt(random, 1, length)] = `**${pick(random, WORDS)}**`;
  if (random() < 0.08) words[randomInt(random, 1, length)] = `*${pick(random, WORDS)}*`;
  if (random() < 0.06) {
    words[randomInt(random, 1, length)] =
      `[${pick(random, WORDS)}](https://example.com/${pick(random, WORDS)})`;
  }
  return `${words.join(' ')}${random() < 0.1 ? '?' : '.'}`;
}

function paragraph(random: Random, topical: TopicalWord): string {
  const count = randomInt(random, 2, 6);
  const sentences: string[] = [];
  for (let i = 0; i < count; i++) sentences.push(sentence(random, topical));
  return sentences.join(' ');
}

function block(random: Random, topical: TopicalWord): string {
  const kind = random();
  if (kind < 0.6) return paragraph(random, topical);
  if (kind < 0.72) return `## ${pick(random, TITLE_OPENERS)} ${pick(random, TITLE_SUBJECTS)}`;
  if (kind < 0.84) {
    const items = randomInt(random, 2, 5);
    const lines: string[] = [];
    for (let i = 0; i < items; i++) lines.push(`- ${sentence(random, topical)}`);
    return lines.join('\n');
  }
  if (kind < 0.92) return `> ${sentence(random, topical)}\n> ${sentence(random, topical)}`;
  return '```\nconst page = await posts.list({ limit: 20, cursor });\nconsole.log(page.length);\n```';
}

export interface ContentPool {
  blocks: string[];
  titles: string[];
}

/** Pre-generates the pieces that posts are assembled from. */
export function createContentPool(random: Random, blockCount = 4000, titleCount = 3000): ContentPool {
  // About one word in fifty is topical, drawn from a long tail: a rare topic word is in a few blocks
  // only, so a search for it is selective, as on a real site.
  const drawTopic = zipfSampler(random, TOPIC_WORDS.length);
  const topical: TopicalWord = () =>
    random() < 0.02 ? (TOPIC_WORDS[drawTopic()] ?? 'notes').replace(/-/g, ' ') : null;
  const blocks: string[] = [];
  for (let i = 0; i < blockCount; i++) blocks.push(block(random, topical));
  const titles: string[] = [];
  for (let i = 0; i < titleCount; i++) {
    const suffix = random() < 0.3 ? `, part ${randomInt(random, 2, 6)}` : '';
    titles.push(`${pick(random, TITLE_OPENERS)} ${pick(random, TITLE_SUBJECTS)}${suffix}`);
  }
  return { blocks, titles };
}

/**
 * A Markdown body whose length is spread between about 300 and 2,000 characters, opening with
 * `lead` (a sentence about the post's tags) when there is one.
 */
export function postContent(random: Random, pool: ContentPool, lead = ''): string {
  const target = randomInt(random, 300, 2000);
  let content = lead === '' ? pick(random, pool.blocks) : `${lead}\n\n${pick(random, pool.blocks)}`;
  while (content.length < target) content += `\n\n${pick(random, pool.blocks)}`;
  return content.length > 2000 ? content.slice(0, 2000).trimEnd() : content;
}

/** Every word the generator uses outside the topics: a search for these matches nearly everything. */
export function everydayWords(): string[] {
  return [...WORDS, ...TITLE_OPENERS, ...TITLE_SUBJECTS].flatMap((phrase) =>
    phrase.toLowerCase().split(/[^a-z]+/),
  );
}

export function postTitle(random: Random, pool: ContentPool): string {
  return pick(random, pool.titles);
}
