/**
 * Topics for the seed: realistic tags and the words that go with them. Real sites have a few
 * very popular tags and a long tail (a Zipf-like distribution), and their posts mention what they
 * are tagged with; words are long-tailed too, which is what makes a two-word search selective.
 */
import type { Random } from './content';

/** Topic words, most popular first: single-word tags, and the topical words in post bodies. */
export const TOPIC_WORDS = (
  'javascript python rust golang typescript react postgres sqlite linux docker kubernetes ' +
  'security testing design writing career productivity startups travel photography cooking ' +
  'gardening music books history science climate health fitness running cycling hiking ' +
  'parenting education finance investing economics politics philosophy psychology mathematics ' +
  'physics astronomy biology chemistry medicine nutrition coffee baking woodworking knitting ' +
  'pottery painting drawing poetry fiction journalism podcasts video animation gaming chess ' +
  'architecture urbanism transit housing energy solar batteries electronics robotics hardware ' +
  'networking databases compilers algorithms performance accessibility typography css html ' +
  'webassembly graphql microservices observability logging monitoring caching concurrency ' +
  'distributed-systems machine-learning data-science statistics privacy cryptography open-source ' +
  'community leadership management hiring remote-work freelancing marketing sales branding ' +
  'ethics law language linguistics translation birdwatching sailing climbing skiing surfing ' +
  'beekeeping foraging fermentation tea wine cheese bread pasta vegetarian ramen'
).split(' ');

/**
 * `count` tag names, most popular first: the topic words, then pairs of them ("rust-performance"),
 * enough for a few thousand distinct tags.
 */
export function tagNames(count: number): string[] {
  const names = [...TOPIC_WORDS];
  for (let i = 0; names.length < count; i++) {
    const first = TOPIC_WORDS[i % TOPIC_WORDS.length] ?? 'misc';
    const second = TOPIC_WORDS[(Math.floor(i / TOPIC_WORDS.length) + 1 + i) % TOPIC_WORDS.length] ?? 'notes';
    const name = `${first}-${second}`;
    if (name.length <= 30 && first !== second && !names.includes(name)) names.push(name);
  }
  return names.slice(0, count);
}

/** Draws indexes 0..n-1 with probability ∝ 1 / (rank + 1)^exponent: a long tail. */
export function zipfSampler(random: Random, n: number, exponent = 1): () => number {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / Math.pow(i + 1, exponent);
    cdf[i] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cdf[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** 0–5 tags per post (15 % none, most two or three), long-tailed over `names`, no repeats. */
export function tagPicker(random: Random, names: readonly string[]): () => string[] {
  const draw = zipfSampler(random, names.length);
  const COUNTS = [0.15, 0.35, 0.6, 0.8, 0.92, 1];
  return () => {
    const roll = random();
    const count = COUNTS.findIndex((threshold) => roll < threshold);
    const tags: string[] = [];
    for (let attempts = 0; tags.length < count && attempts < 20; attempts++) {
      const name = names[draw()] ?? 'misc';
      if (!tags.includes(name)) tags.push(name);
    }
    return tags;
  };
}

/** The sentence a post's body gains about its tags, as writers mention what they tag. */
export function tagSentence(random: Random, tags: readonly string[]): string {
  if (tags.length === 0) return '';
  const words = tags.map((tag) => tag.replace(/-/g, ' '));
  const openers = ['Some thoughts on', 'A few notes about', 'This one is about', 'More on', 'Mostly about'];
  return `${openers[Math.floor(random() * openers.length)] ?? 'About'} ${words.join(' and ')}.`;
}
