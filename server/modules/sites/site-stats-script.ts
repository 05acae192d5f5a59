import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import { STATS_CHOICE_KEY, STATS_EVENT_PATH, type StatsPageKind } from '../../../contracts/stats-event';
import { TOKEN_STORAGE_KEY } from '../../../contracts/session';

const CHOICE_KEY = JSON.stringify(STATS_CHOICE_KEY);

/**
 * The one script of a publication's site (decision 63): once the page has loaded, it reports a
 * view to the main site and, on a post, one read when the article's end comes into view or the
 * reader has spent its reading time with the page visible. Always the same text, so the page's
 * Content-Security-Policy permits it by its hash; what it counts is read from its own data-
 * attributes. On the main site's own address (/pub/…) a signed-in writer's token goes with it, so
 * their own visits are left out; elsewhere it is a sendBeacon of text, which needs no preflight.
 * A browser whose site storage holds the choice not to be counted (CHOICE_SCRIPT) reports nothing.
 */
const SCRIPT = `(function(s){if(!s)return;var d=s.dataset,u=d.url,t=null;try{if(location.origin==new URL(u).origin)t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){}if(!t||t.length<20)t=null;function r(e){try{if(localStorage.getItem(${CHOICE_KEY}))return}catch(x){}var b=JSON.stringify({kind:d.kind,id:d.id,event:e,page:location.href,referrer:document.referrer});if(t)fetch(u,{method:"POST",keepalive:!0,headers:{"content-type":"application/json",authorization:"Bearer "+t},body:b}).catch(Date);else if(navigator.sendBeacon)navigator.sendBeacon(u,b)}function g(){r("view");var m=+d.minutes,n=0,z=0,o,i,a;if(!m)return;a=document.querySelector("article");function f(){if(z)return;z=1;if(o)o.disconnect();clearInterval(i);r("read")}if(a){var k=document.createElement("span");a.appendChild(k);o=new IntersectionObserver(function(x){if(x[0].isIntersecting)f()});o.observe(k)}i=setInterval(function(){if(!document.hidden)n+=5e3;if(n>=m*6e4)f()},5e3)}if(document.readyState=="complete")g();else addEventListener("load",g)})(document.currentScript)`;

const NOT_COUNTED_TEXT = "This browser's visits to this site are no longer counted in its stats.";
const COUNTED_TEXT = "This browser's visits to this site are counted again.";

/**
 * The site home's second script (decision 0088). A sub-domain or custom domain cannot see a
 * writer's sign-in on the main site, so their visits there would count; Plausible's way out: the
 * writer opens the site once at `#inkwell-stats=off` (the Stats page links it), and this script
 * keeps that choice in the site's own localStorage, says so on the page, and takes the fragment off
 * the address; `#inkwell-stats=on` undoes it. Nothing is sent or stored on the server, and a reader
 * may make the same choice for themselves, as Do Not Track does.
 */
const CHOICE_SCRIPT = `(function(){function c(){var m=/^#inkwell-stats=(off|on)$/.exec(location.hash);if(!m)return;try{if(m[1]=="off")localStorage.setItem(${CHOICE_KEY},"off");else localStorage.removeItem(${CHOICE_KEY})}catch(e){return}history.replaceState(null,"",location.pathname+location.search);var p=document.getElementById("stats-choice"),w=document.getElementById("main")||document.body;if(!p){p=document.createElement("p");p.id="stats-choice";p.className="stats-choice";p.setAttribute("role","status");w.insertBefore(p,w.firstChild)}p.textContent=m[1]=="off"?${JSON.stringify(NOT_COUNTED_TEXT)}:${JSON.stringify(COUNTED_TEXT)}}c();addEventListener("hashchange",c)})()`;

const sourceOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP sources that permit the site's two scripts and nothing else. */
export const SITE_STATS_SCRIPT_SOURCE = `${sourceOf(SCRIPT)} ${sourceOf(CHOICE_SCRIPT)}`;

/**
 * The script tag counting a view of a page (and, with its reading time, a read of a post); on the
 * home, after it, the script that keeps a browser's choice not to be counted.
 */
export function siteStatsScript(
  publicUrl: string,
  page: { kind: StatsPageKind; id: string; readingMinutes?: number },
): string {
  const url = `${new URL(publicUrl).origin}${STATS_EVENT_PATH}`;
  const minutes = page.readingMinutes ? ` data-minutes="${page.readingMinutes}"` : '';
  const counting = `<script data-url="${escapeHtml(url)}" data-kind="${page.kind}" data-id="${escapeHtml(page.id)}"${minutes}>${SCRIPT}</script>`;
  return page.kind === 'publication' ? `${counting}\n<script>${CHOICE_SCRIPT}</script>` : counting;
}
