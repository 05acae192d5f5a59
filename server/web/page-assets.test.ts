import { describe, expect, it } from 'vitest';
import { PageAssets } from './page-assets';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_framework.js'],
    css: ['assets/index.css'],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_framework.js'], css: ['assets/shared.css'] },
  'src/features/posts/pages/read-post-page.tsx': {
    file: 'assets/read.js',
    imports: ['_shared.js', 'index.html'],
    css: ['assets/read.css'],
  },
};

describe('PageAssets', () => {
  it("links a page's chunks and stylesheets, not what the entry already loads", () => {
    const links = new PageAssets(manifest).links(['src/features/posts/pages/read-post-page.tsx']);
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/read.css">');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/shared.css">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/read.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/shared.js">');
    expect(links).not.toContain('framework.js');
    expect(links).not.toContain('index.js');
    expect(links).not.toContain('index.css');
  });

  it('links nothing for a module the build does not know', () => {
    expect(new PageAssets(manifest).links(['src/unknown.tsx'])).toBe('');
  });
});
