// The shared public pages start Next's scripts once their first paint is on screen (issue 55, item
// 4; docs/decisions/performance.md "The public pages start their scripts after the first paint").
// Next writes its runtime and the page's chunks as <script async> tags (and some as preloads): a
// browser fetches them beside the stylesheet and runs each as soon as it arrives, so on a slow phone
// ~180 KB of scripts share the network with what the first paint needs and their evaluation
// (hundreds of milliseconds at such a CPU) can land before it. The server-rendered page does not
// need them to be read or filled in (the form works before React: lib/public-page/form-script.ts).
// So the rendered HTML loses those tags and gains one small loader that adds the same scripts, in
// the same order, when the browser reports the first contentful paint: at once in a tab that is
// not visible (it never paints) or in a browser that does not report paints, and after 3 s
// whatever happens. Everything else in the HTML, the RSC payload's inline scripts included, stays
// as Next wrote it; React finds its scripts loaded as it would have, only later.

/** Next's script tags for its own static files (empty elements: the RSC payload's have a body). */
const NEXT_SCRIPT = /<script\b([^>]*) src="(\/_next\/static\/[^"]+\.js)"([^>]*)><\/script>/g;
/** Next's preloads of its files, fetched before the paint like the tags. */
const NEXT_PRELOAD = /<link rel="preload" as="script"[^>]* href="(\/_next\/static\/[^"]+\.js)"[^>]*\/>/g;
const NONCE = /\snonce="([^"]+)"/;
const LOADER_ID = "scripts-after-paint";
/** How the loader names its scripts: the last argument of its call. */
const LOADER_LIST = new RegExp(`<script id="${LOADER_ID}"[^>]*>[^<]*,(\\[[^\\]]*\\])\\)</script>`);
/** The latest the scripts wait for a paint the browser may never report. */
const FALLBACK_MS = 3000;

function loader(srcs: string[]): string {
  const list = JSON.stringify(srcs).replace(/</g, "\\u003c");
  return (
    `(function(d,w,s){var done=false;function go(){if(done)return;done=true;` +
    `s.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=true;d.body.appendChild(e)})}` +
    `var P=w.PerformanceObserver;if(d.visibilityState!=="visible"||!P||(P.supportedEntryTypes||[]).indexOf("paint")===-1)return go();` +
    `try{new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()})` +
    `.observe({type:"paint",buffered:true})}catch(e){return go()}w.setTimeout(go,${FALLBACK_MS})})(document,window,${list})`
  );
}

/**
 * The page's HTML with Next's script tags and preloads replaced by the loader, placed where its
 * body ends. HTML without such tags, or without the nonce the loader needs under the page's CSP, is
 * returned as it was.
 */
export function scriptsAfterPaint(html: string): string {
  const srcs: string[] = [];
  let nonce: string | null = null;
  const add = (src: string) => void (srcs.includes(src) || srcs.push(src));
  const stripped = html
    .replace(NEXT_SCRIPT, (_tag, before: string, src: string, after: string) => {
      add(src);
      nonce ??= NONCE.exec(before + after)?.[1] ?? null;
      return "";
    })
    // A preload of a file no tag runs stays: the loader only runs what Next would have run.
    .replace(NEXT_PRELOAD, (tag, src: string) => (srcs.includes(src) ? "" : tag));
  const end = stripped.lastIndexOf("</body>");
  if (srcs.length === 0 || !nonce || end < 0) return html;
  const tag = `<script id="${LOADER_ID}" nonce="${nonce}">${loader(srcs)}</script>`;
  return stripped.slice(0, end) + tag + stripped.slice(end);
}

/** The scripts a page's loader adds (none without a loader): what the page loads, for the benches. */
export function scriptsAddedAfterPaint(html: string): string[] {
  const list = LOADER_LIST.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
