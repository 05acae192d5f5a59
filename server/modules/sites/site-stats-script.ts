import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import { STATS_EVENT_PATH, type StatsPageKind } from '../../../contracts/stats-event';
import { TOKEN_STORAGE_KEY } from '../../../contracts/session';

/**
 * The one script of a publication's site (decision 63): once the page has loaded, it reports a
 * view to the main site and, on a post, one read when the article's end comes into view or the
 * reader has spent its reading time with the page visible. Always the same text, so the page's
 * Content-Security-Policy permits it by its hash; what it counts is read from its own data-
 * attributes. On the main site's own address (/pub/…) a signed-in writer's token goes with it, so
 * their own visits are left out; elsewhere it is a sendBeacon of text, which needs no preflight.
 */
const SCRIPT = `(function(s){if(!s)return;var d=s.dataset,u=d.url,t=null;try{if(location.origin===new URL(u).origin)t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){}if(!t||t.length<20)t=null;function r(e){var b=JSON.stringify({kind:d.kind,id:d.id,event:e,page:location.href,referrer:document.referrer||void 0});if(t)fetch(u,{method:"POST",keepalive:!0,headers:{"content-type":"application/json",authorization:"Bearer "+t},body:b}).catch(Date);else if(navigator.sendBeacon)navigator.sendBeacon(u,b)}function go(){r("view");var m=+d.minutes;if(!m)return;var n=0,done=0,o,i,end=document.querySelector("article");function f(){if(done)return;done=1;if(o)o.disconnect();clearInterval(i);r("read")}if(end&&window.IntersectionObserver){var k=document.createElement("span");end.appendChild(k);o=new IntersectionObserver(function(x){if(x[0].isIntersecting)f()});o.observe(k)}i=setInterval(function(){if(!document.hidden)n+=5e3;if(n>=m*6e4)f()},5e3)}if(document.readyState==="complete")go();else addEventListener("load",go)})(document.currentScript)`;

/** The CSP source that permits the script and nothing else. */
export const SITE_STATS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The script tag counting a view of a page (and, with its reading time, a read of a post). */
export function siteStatsScript(
  publicUrl: string,
  page: { kind: StatsPageKind; id: string; readingMinutes?: number },
): string {
  const url = `${new URL(publicUrl).origin}${STATS_EVENT_PATH}`;
  const minutes = page.readingMinutes ? ` data-minutes="${page.readingMinutes}"` : '';
  return `<script data-url="${escapeHtml(url)}" data-kind="${page.kind}" data-id="${escapeHtml(page.id)}"${minutes}>${SCRIPT}</script>`;
}
