import { HYDRATION_DATA_ID } from '../../contracts/page-rendering';
import { SESSION_HINT_SCRIPT } from './session-hint';

const MARKERS = {
  hint: '<!--app-session-hint-->',
  headStart: '<!--app-head-->',
  headEnd: '<!--/app-head-->',
  headClose: '</head>',
  html: '<!--app-html-->',
  data: '<!--app-data-->',
} as const;

export interface DocumentParts {
  /** The page's own head: title, meta, links, JSON-LD (already escaped by the renderer). */
  head: string;
  /** Stylesheets and module preloads of the page's chunks; last in <head>, after the app's CSS. */
  assets: string;
  /** The markup inside #root. */
  html: string;
  /** The JSON the browser hydrates with, escaped for a script block; null: the browser renders afresh. */
  hydration: string | null;
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at === -1) throw new Error(`index.html has no ${marker}`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * The built index.html, cut once at its markers, so a page is a handful of string joins. Vite's
 * own tags (the entry script, the app's stylesheet) stay where the build put them.
 */
export class HtmlDocument {
  private readonly parts: readonly string[];

  constructor(template: string) {
    const [beforeHint, afterHint] = splitOnce(template, MARKERS.hint);
    const [beforeHead, fromHead] = splitOnce(afterHint, MARKERS.headStart);
    const [, afterHead] = splitOnce(fromHead, MARKERS.headEnd);
    const [headRest, afterHeadClose] = splitOnce(afterHead, MARKERS.headClose);
    const [beforeHtml, afterHtml] = splitOnce(afterHeadClose, MARKERS.html);
    const [betweenHtmlAndData, afterData] = splitOnce(afterHtml, MARKERS.data);
    this.parts = [beforeHint, beforeHead, headRest, beforeHtml, betweenHtmlAndData, afterData];
  }

  render({ head, assets, html, hydration }: DocumentParts): string {
    const [beforeHint, beforeHead, headRest, beforeHtml, betweenHtmlAndData, afterData] = this.parts;
    const data =
      hydration === null
        ? ''
        : `<script type="application/json" id="${HYDRATION_DATA_ID}">${hydration}</script>`;
    return (
      `${beforeHint}<script>${SESSION_HINT_SCRIPT}</script>${beforeHead}${head}${headRest}` +
      `${assets}\n  ${MARKERS.headClose}${beforeHtml}${html}${betweenHtmlAndData}${data}${afterData}`
    );
  }
}
