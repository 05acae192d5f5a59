import { describe, expect, it } from 'vitest';
import { postCanonicalUrl } from './post-meta';

const site = { name: 'Inkwell', publicUrl: 'https://inkwell.example:8443' };

describe('postCanonicalUrl', () => {
  it('is the read page for a post without a publication or in one without its own domain', () => {
    expect(postCanonicalUrl(site, { id: 'p 1', publication: null })).toBe(
      'https://inkwell.example:8443/readblog?id=p+1',
    );
    const team = { slug: 'engine', domain: null };
    expect(
      postCanonicalUrl({ ...site, baseDomain: 'inkwell.example' }, { id: 'p1', publication: team }),
    ).toBe('https://inkwell.example:8443/readblog?id=p1');
  });

  it('is the post on its publication’s verified custom domain, with the main site’s scheme and port', () => {
    const publication = { slug: 'engine', domain: 'notes.example.com' };
    expect(postCanonicalUrl(site, { id: 'p/1', publication })).toBe(
      'https://notes.example.com:8443/posts/p%2F1',
    );
  });

  it('is its slug address on the custom domain, and the writer’s canonical address above all', () => {
    const publication = { slug: 'engine', domain: 'notes.example.com' };
    expect(postCanonicalUrl(site, { id: 'p1', slug: 'on-looms', publication })).toBe(
      'https://notes.example.com:8443/posts/on-looms',
    );
    const canonicalUrl = 'https://dev.to/ada/on-looms';
    expect(postCanonicalUrl(site, { id: 'p1', slug: 'on-looms', canonicalUrl, publication })).toBe(
      canonicalUrl,
    );
    expect(postCanonicalUrl(site, { id: 'p1', canonicalUrl, publication: null })).toBe(canonicalUrl);
  });
});
