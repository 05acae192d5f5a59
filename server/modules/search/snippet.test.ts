import { describe, expect, it } from 'vitest';
import { buildSnippet, highlightAll, searchKeys } from './snippet';

describe('buildSnippet', () => {
  it('marks the words that match, by stem, case and accents ignored', () => {
    expect(
      buildSnippet('She **runs** every morning. Running is her café habit.', searchKeys(['running', 'cafe'])),
    ).toBe('She <mark>runs</mark> every morning. <mark>Running</mark> is her <mark>café</mark> habit.');
  });

  it('escapes everything else, so Markdown that carries HTML cannot inject it', () => {
    const html = buildSnippet('Use <script>alert("x")</script> & "quotes" with care', searchKeys(['care']));
    expect(html).toBe('Use alert(&quot;x&quot;) &amp; &quot;quotes&quot; with <mark>care</mark>');
    const raw = buildSnippet('a <img src=x onerror=alert(1)> b `<b>` care', searchKeys(['care']));
    expect(raw).not.toMatch(/<(?!\/?mark>)/);
  });

  it('picks the passage with the most matches, cut with ellipses', () => {
    const filler = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const html = buildSnippet(
      `${filler} the garden in winter is quiet. ${filler}`,
      searchKeys(['garden', 'winter']),
    );
    expect(html.startsWith('…')).toBe(true);
    expect(html.endsWith('…')).toBe(true);
    expect(html).toContain('the <mark>garden</mark> in <mark>winter</mark> is quiet.');
  });

  it('falls back to the opening words when only the title matched', () => {
    expect(buildSnippet('Plain opening words.', searchKeys(['zebra']))).toBe('Plain opening words.');
  });
});

describe('highlightAll', () => {
  it('marks a title', () => {
    expect(highlightAll('Gardening <in> Winter', searchKeys(['winter']))).toBe(
      'Gardening &lt;in&gt; <mark>Winter</mark>',
    );
  });
});
