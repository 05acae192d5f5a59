import { describe, expect, it } from 'vitest';
import { decodeEntities, highlightedRuns } from './highlighted-text';

describe('search snippets read back as text', () => {
  it('splits marked and unmarked runs', () => {
    expect(highlightedRuns('Running <mark>fast</mark> and <mark>far</mark>')).toEqual([
      { text: 'Running ', marked: false },
      { text: 'fast', marked: true },
      { text: ' and ', marked: false },
      { text: 'far', marked: true },
    ]);
  });

  it('decodes what the escaper wrote, so a post about HTML reads as written', () => {
    expect(
      decodeEntities('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &#x1F600;'),
    ).toBe('<script>alert("x")</script> & \'q\' 😀');
  });

  it('never turns anything but <mark> into markup', () => {
    const runs = highlightedRuns('&lt;img src=x onerror=alert(1)&gt; <b>bold</b> <mark>hit</mark>');
    expect(runs).toEqual([
      { text: '<img src=x onerror=alert(1)> <b>bold</b> ', marked: false },
      { text: 'hit', marked: true },
    ]);
  });
});
