/**
 * The stylesheet of publications' sites: readable at 375 px and wide, light and dark.
 * The accent colour is the header's band; its text is black or white, whichever contrasts more, so
 * any colour an owner picks stays readable (WCAG's relative luminance).
 */
const DEFAULT_ACCENT = '#3451b2';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** '#000000' or '#ffffff': the one with more contrast against `hex` (#rrggbb). */
export function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => channel(Number.parseInt(hex.slice(at, at + 2), 16)));
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

const BASE = `
*,*::before,*::after{box-sizing:border-box}
:root{--bg:#fff;--text:#242424;--muted:#5f5f5f;--border:#e6e6e3;--link:#2a4196;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--text:#e8e8e5;--muted:#a8a8a3;--border:#2e2e2c;--link:#9db0f5}}
body{margin:0;background:var(--bg);color:var(--text);font:1.125rem/1.65 Georgia,"Noto Serif",serif}
a{color:var(--link)}
a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.wrap{max-width:44rem;margin:0 auto;padding:0 1.25rem}
.skip{position:absolute;left:-999px}
.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:1}
.pub-header{background:var(--accent);color:var(--on-accent);font-family:system-ui,sans-serif}
.pub-header .wrap{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;padding-top:1rem;padding-bottom:1rem}
.pub-header a{color:var(--on-accent)}
.pub-header a:focus-visible{outline-color:var(--on-accent)}
.pub-name{font-weight:700;font-size:1.25rem;text-decoration:none;display:inline-flex;align-items:center;gap:.6rem}
.pub-logo{height:2rem;width:auto;border-radius:4px}
.pub-header nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-size:1rem}
.pub-header nav a{overflow-wrap:anywhere}
.pub-footer-text{color:var(--text);overflow-wrap:anywhere}
main.wrap{padding-top:2rem;padding-bottom:3rem}
h1{font-size:2.25rem;line-height:1.2;margin:0 0 .75rem}
h2{line-height:1.3}
.lede{color:var(--muted);font-size:1.25rem;margin-top:0}
.entries{list-style:none;padding:0;margin:2rem 0 0}
.entry{border-top:1px solid var(--border);padding:1.25rem 0}
.entry h2{margin:0 0 .25rem;font-size:1.5rem}
.entry h2 a{color:var(--text);text-decoration:none}
.entry h2 a:hover{text-decoration:underline}
.byline{color:var(--muted);font:0.95rem/1.5 system-ui,sans-serif;margin:0 0 .5rem}
.byline a{color:inherit}
.face{width:28px;height:28px;border-radius:50%;object-fit:cover;vertical-align:middle;margin-right:.5rem}
.summary{margin:0}
.pin{color:var(--muted);font:600 .8rem/1.5 system-ui,sans-serif;text-transform:uppercase;letter-spacing:.05em;margin:0 0 .25rem}
.pinned{margin-top:2rem}
.links{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:0 0 1rem;font:0.95rem system-ui,sans-serif}
.series{border-top:1px solid var(--border);margin-top:2rem}
.series ul{list-style:none;padding:0}
.series li{padding:.35rem 0}
.count{color:var(--muted);font:0.9rem system-ui,sans-serif;margin-left:.25rem}
.cover{display:block;width:100%;height:auto;margin:1.5rem 0;border-radius:4px}
.content img{max-width:100%;height:auto}
/* Wide and full pictures, galleries (decision 82), as on the read page (posts.css). */
.content figure{margin:0 0 1.25rem}
.content .picture img,.content .gallery img{display:block;width:100%;height:auto}
.content>.picture--wide,.content>.gallery{width:min(60rem,100vw);margin-left:calc(50% - min(30rem,50vw))}
.content>.picture--full{width:100vw;margin-left:calc(50% - 50vw)}
.content .gallery{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}
.content .gallery--3{grid-template-columns:repeat(3,minmax(0,1fr))}
.content .gallery img{height:100%;aspect-ratio:4/3;object-fit:cover}
@media (max-width:30rem){.content .gallery--3{grid-template-columns:repeat(2,minmax(0,1fr))}.content .gallery--3 img:first-child{grid-column:1/-1}}
.content pre{overflow-x:auto;padding:1rem;border:1px solid var(--border);border-radius:4px;font-size:.9rem}
.content blockquote{margin-left:0;padding-left:1rem;border-left:3px solid var(--border);color:var(--muted)}
.embed__link{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1.25rem;padding:.875rem 1rem;border:1px solid var(--muted);border-radius:6px;color:var(--text);font-family:system-ui,sans-serif;text-decoration:none;overflow-wrap:anywhere}
.embed__provider{color:var(--muted);font-size:.85rem;font-weight:600}
.embed__title{font-weight:600}
.embed__action{color:var(--link);text-decoration:underline}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;font:0.9rem system-ui,sans-serif}
.tags li{border:1px solid var(--border);border-radius:999px;padding:.1rem .75rem}
.discuss,.more,.empty{font-family:system-ui,sans-serif}
.members{list-style:none;padding:0}
.members li{padding:.5rem 0;border-top:1px solid var(--border)}
.role{color:var(--muted);font:0.9rem system-ui,sans-serif;margin-left:.5rem}
.subscribe{font-family:system-ui,sans-serif;border:1px solid var(--border);border-radius:6px;padding:1rem 1.25rem;margin:2rem 0}
.subscribe h2{font-size:1.2rem;margin:0 0 .5rem}
.subscribe p{margin:.25rem 0}
.subscribe label{display:block;font-weight:600;margin:.5rem 0 .25rem}
.subscribe .row{display:flex;flex-wrap:wrap;gap:.5rem}
.subscribe input[type=email]{flex:1 1 14rem;min-width:0;font:inherit;padding:.5rem .75rem;border:1px solid var(--muted);border-radius:4px;background:var(--bg);color:var(--text)}
.subscribe input[aria-invalid=true]{border-color:#c0262d}
.field-error{color:#c0262d;font-weight:600}
@media (prefers-color-scheme:dark){.field-error{color:#ff8a8f}.subscribe input[aria-invalid=true]{border-color:#ff8a8f}}
.button,.subscribe button{font:600 1rem system-ui,sans-serif;padding:.55rem 1.1rem;border-radius:4px;border:1px solid var(--link);background:var(--link);color:var(--bg);cursor:pointer}
.button--quiet{background:transparent;color:var(--link)}
.button:focus-visible,.subscribe button:focus-visible,.subscribe input:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.notice{font-family:system-ui,sans-serif}
.stats-choice{font-family:system-ui,sans-serif;border:1px solid var(--border);border-radius:6px;padding:.75rem 1rem;margin:1rem 0}
.notice form{margin:1.25rem 0}
.site-cover{display:block;width:100%;height:auto;aspect-ratio:3/1;object-fit:cover;border-radius:6px;margin:0 0 1.5rem;background:var(--border)}
.cards{list-style:none;padding:0;margin:2rem 0 0;display:grid;gap:2rem 1.5rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,16rem),1fr))}
.card{min-width:0}
.card h2{margin:.75rem 0 .25rem;font-size:1.25rem;line-height:1.3;overflow-wrap:anywhere}
.card h2 a,.lead h2 a{color:var(--text);text-decoration:none}
.card h2 a:hover,.lead h2 a:hover{text-decoration:underline}
.card .summary{font-size:1rem}
.card-picture{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:4px;background:var(--border)}
.card-picture--none{background:linear-gradient(135deg,var(--accent),var(--border));opacity:.4}
.lead{margin:2rem 0 0;padding-bottom:1.75rem;border-bottom:1px solid var(--border)}
.lead h2{font-size:2rem;line-height:1.2;margin:1rem 0 .25rem;overflow-wrap:anywhere}
@media (max-width:30rem){.lead h2{font-size:1.5rem}}
.pub-footer{border-top:1px solid var(--border);color:var(--muted);font:0.95rem system-ui,sans-serif}
.pub-footer a{color:inherit}
@media (max-width:30rem){h1{font-size:1.75rem}body{font-size:1.0625rem}}
`;

export function siteStylesheet(accentColor: string | null): string {
  const accent = accentColor ?? DEFAULT_ACCENT;
  return `:root{--accent:${accent};--on-accent:${textOn(accent)}}${BASE}`;
}
