// The embed page's own small script (docs/decisions/performance.md "The embed's form works before
// React (issue 43)"): inline in the page's HTML right after the wheel, so it runs as soon as the
// form has been parsed (after the CSS, which blocks inline scripts), long before Next's runtime and
// React have evaluated and hydrated the page on a slow phone. No dependency. It is the bridge to the
// loader (docs/embed.md "Messages"; embed/loader.ts is the other side). The page
//   asks its parent to introduce itself (a "ping" without data, the only message sent before it
//   knows to whom); the loader answers "hello", and the origin the browser attests on that message,
//   when the wheel allows it, is the one origin every later message goes to: the size, the result,
//   Esc. Messages from anything but the parent window at that origin are ignored. Where the browser
//   states the parent's origin (location.ancestorOrigins), that origin is taken at once, without the
//   round trip. This site's own pages (the admin's preview) are always a parent it accepts. When the
//   wheel has nothing to play (not started, ended, sold out), the answer is "unavailable" instead of
//   "ready", and the loader keeps its popup closed (docs/decisions/embed.md "The popup opens only on a playable
//   wheel"). The visitor's own data (name, WhatsApp) never leaves the frame; the shop hears the prize
//   and the code (the "roleta:result" event of components/public-wheel/result.tsx).
// The form until React has it is the public wheel page's own script, in the page before this one
// (lib/public-page/form-script.ts): the page says "ready" only once this script runs, so
// the popup opens on a form that works.

/** The script's source; `origins` (null: any site) and `playable` come from the server. */
const SOURCE = `(function (origins, playable) {
  var w = window, d = document;
  if (w.performance && performance.mark) performance.mark("roleta:script");
  var parent = w.parent;
  if (parent === w) return;
  var main = d.querySelector("main"), target = null;
  function post(m) {
    if (!target) return;
    m.roleta = 1;
    parent.postMessage(m, target);
  }
  function size() {
    if (!main) return;
    var s = getComputedStyle(main);
    var h = main.getBoundingClientRect().height + parseFloat(s.marginTop) + parseFloat(s.marginBottom);
    post({ type: "resize", height: Math.ceil(h) });
  }
  function meet(origin) {
    if (target || (origins && origins.indexOf(origin) < 0 && origin !== location.origin)) return;
    target = origin;
    if (!playable) return post({ type: "unavailable" });
    post({ type: "ready" });
    if (main && w.ResizeObserver) new ResizeObserver(size).observe(main);
    size();
  }
  w.addEventListener("message", function (e) {
    var m = e.data;
    if (e.source !== parent || !m || typeof m !== "object" || m.roleta !== 1 || m.type !== "hello") return;
    meet(e.origin);
  });
  d.addEventListener("keydown", function (e) {
    if (e.key === "Escape") post({ type: "close" });
  });
  w.addEventListener("roleta:result", function (e) {
    var r = e.detail;
    post({
      type: "result",
      result: r.result,
      prize: r.prize && { name: r.prize.name, image_url: r.prize.image_url },
      code: r.redemption_code,
      claim_url: r.claim_url ? new URL(r.claim_url, location.origin).href : null,
      coupon_url: r.coupon_url || null,
      redeem_until: r.redeem_until || null
    });
  });
  // The parent's origin as the browser states it (Chromium, Safari): no round trip, whose answer on a
  // phone waits behind the framework's evaluation on the main thread the shop's page shares (~0.5 s
  // at 4x CPU); postMessage delivers only to a parent at that origin. Elsewhere, the loader's hello.
  var ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length) meet(ancestors[0]);
  if (!target) parent.postMessage({ roleta: 1, type: "ping" }, "*");
})`;

/** JSON for an inline script: no "</script>" or "<!--" can end or change it. */
const inline = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The embed page's inline script for a wheel: its allowed sites (null: any) and whether it plays. */
export function embedFrameScript(origins: string[] | null, playable: boolean): string {
  return `${SOURCE}(${inline(origins)}, ${playable});`;
}
