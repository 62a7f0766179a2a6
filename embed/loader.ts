// The embed loader, served as /embed.js (docs/embed.md; docs/api.md "The online store: the embed
// (issue 25)"). Plain TypeScript, no dependency, bundled and minified by scripts/build-embed.mjs.
// Until its trigger fires it only reads its attributes and adds a listener or a timer (and, once the
// page is loaded and idle, a hidden warm-up frame: warm() below). Then it loads /embed/{company}/{wheel} (our origin) in a hidden modal
// <dialog> inside a shadow root on a <roleta-premiada> element (the shop's CSS cannot reach it, and
// it needs no inline <style> the shop's CSP could refuse), talks to it by postMessage, origins
// checked both ways (lib/embed/frame-script.ts is the other side), and shows it in the top layer
// only when the frame says the wheel can be played there (docs/decisions/embed.md).

import { storageGet, storageSet } from "@/lib/ui/safe-storage";
import { armOf, loaderOptions, sendConversion, type Arm } from "./experiment";
import { adopt } from "./adopt";
import { live, type Prize } from "./prize";
import { mark, marksOf, noteOrderPage, noteVisit, rulesOf, targeted } from "./targeting";

/** The prize tab's build hash (scripts/build-embed.mjs): its address changes with its code. */
declare const __TAB_HASH__: string;

type Detail = Record<string, unknown>;
/** The wheel's key: last close, the spin, its claim page, the prize won (the tab's) and the tab closed for good. */
type Stored = { closed?: number; spun?: number; claim?: string | null; prize?: Prize; gone?: number };
type Call = [string, ...unknown[]];

const w = window;
const d = document;
const script = (d.currentScript ?? d.querySelector("script[data-company]")) as HTMLScriptElement | null;

function start(tag: HTMLScriptElement) {
  // data-* first, else the src's query (a script the platform installed: embed/experiment.ts).
  const data = loaderOptions(tag.src, tag.dataset);
  const company = data.company ?? "";
  let wheel = data.wheel ?? "";
  const experiment = data.experiment ?? "";
  if (!company) return;
  const app = new URL(tag.src).origin;
  // A confirmation page: the purchase noted for the rules and the tab, the order claimed, no popup.
  noteOrderPage(company);
  if (sendConversion(app, company) || (!wheel && !experiment)) return;
  // The media query is evaluated only for the default trigger (a snippet with data-trigger skips it).
  const trigger = (data.trigger ?? (w.matchMedia("(pointer: coarse)").matches ? "delay:8" : "exit")).trim();
  const tabDisplay = data.display === "tab";
  const days = Number(data.frequencyDays ?? 7);
  const key = `roleta:${company}/${experiment ? `x:${experiment}` : wheel}`;
  // Who sees it (embed/targeting.ts): null when the snippet sets no rule. An experiment's arms
  // obey the same rules: they are checked before the arm is asked for.
  const rules = rulesOf(data);

  const read = (): Stored => {
    try {
      return JSON.parse(storageGet(key) ?? "{}") as Stored;
    } catch {
      return {};
    }
  };
  // Refused (private mode, blocked or full storage): the frequency holds for this page view only.
  const write = (s: Stored) => storageSet(key, JSON.stringify({ ...read(), ...s }));
  const emit = (name: string, detail: Detail = {}) => w.dispatchEvent(new CustomEvent(`roleta:${name}`, { detail }));

  // Paths: comma-separated patterns, * for anything.
  const onPath = () =>
    !data.paths ||
    data.paths.split(",").some((p) => {
      const re = p
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*");
      return re && new RegExp(`^${re}$`).test(location.pathname);
    });

  let root: ShadowRoot | null = null;
  let dialog: HTMLDialogElement | null = null;
  let frame: HTMLIFrameElement | null = null;
  /** The hidden warm-up frame (warm()), until the wheel's own frame is made. */
  let warmFrame: HTMLIFrameElement | null = null;
  let tab: HTMLElement | null = null;
  /** The prize tab's module is on its way (showPrizeTab). */
  let tabLoading = false;
  /** The frame said "ready": the wheel can be played from this page. */
  let ready = false;
  /** Show the dialog as soon as the frame is ready (false: the tab display waits for a click). */
  let wanted = false;
  /** The frame said "unavailable" (nothing to play): no more tries in this page view. */
  let dead = false;
  let isOpen = false;
  let locked = false;
  let spun = false;
  let timer = 0;
  let previousFocus: Element | null = null;
  let saved: [string, string] = ["", ""];

  // The dialog lives in the top layer (showModal), so no z-index of the shop's page (a cookie banner
  // at 2147483647, a fixed header) can cover it, and the page behind it is inert.
  const CSS = `:host{all:initial}
dialog{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:12px;border:0;background:rgba(17,24,39,.6);display:flex;align-items:center;justify-content:center;box-sizing:border-box;overflow:hidden;color:#111827}
dialog:not([open]){visibility:hidden;pointer-events:none}
dialog::backdrop{background:none}
.d{position:relative;width:min(440px,100%);max-height:100%;background:#fff;border-radius:16px;box-shadow:0 20px 50px rgba(0,0,0,.35);overflow:auto;font:16px/1.4 system-ui,sans-serif;box-sizing:border-box}
.a .d{animation:i .2s ease-out}@keyframes i{from{opacity:0;transform:translateY(12px) scale(.98)}}
.w{display:none!important}
iframe{display:block;width:100%;max-width:none;height:600px;max-height:calc(100vh - 24px);border:0;box-sizing:border-box}
.x{position:absolute;top:8px;right:8px;width:44px;height:44px;border:0;border-radius:22px;background:#f3f4f6;color:#111827;font:28px/1 system-ui,sans-serif;cursor:pointer;box-sizing:border-box}
.x:focus-visible,.t:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.t{position:fixed;z-index:2147483647;right:16px;bottom:16px;border:0;border-radius:999px;padding:12px 18px;background:#7c3aed;color:#fff;font:700 15px/1.2 system-ui,sans-serif;box-shadow:0 6px 20px rgba(0,0,0,.25);cursor:pointer;text-decoration:none}`;

  function mount(): ShadowRoot {
    if (root) return root;
    // A custom element, not a div: a theme's div:empty{display:none} (Shopify's Dawn) or div rules
    // cannot match it, and its inline !important style beats any rule of the page that does (set
    // through the CSSOM, which a CSP without 'unsafe-inline' allows, unlike a style attribute).
    const host = d.createElement("roleta-premiada");
    const hs = host.style;
    hs.setProperty("all", "initial", "important");
    hs.setProperty("display", "block", "important");
    root = host.attachShadow({ mode: "open" });
    adopt(root, CSS);
    d.body.append(host);
    return root;
  }

  function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text = ""): HTMLElementTagNameMap[K] {
    const e = d.createElement(tag);
    e.className = cls;
    e.textContent = text;
    return e;
  }

  function iframeSrc() {
    const q = new URLSearchParams();
    if (data.source) q.set("s", data.source);
    // The spin records the visitor's arm (docs/api.md "Experiments").
    if (arm) {
      q.set("x", experiment);
      q.set("v", arm.visitor);
    }
    const here = new URLSearchParams(location.search);
    for (const p of ["utm_source", "utm_medium", "utm_campaign"]) {
      const v = here.get(p);
      if (v) q.set(p, v);
    }
    const qs = q.toString();
    return `${app}/embed/${encodeURIComponent(company)}/${encodeURIComponent(wheel)}${qs ? `?${qs}` : ""}`;
  }

  function hello() {
    frame?.contentWindow?.postMessage({ roleta: 1, type: "hello" }, app);
  }

  /** Nothing to play here: everything of ours leaves the page (the shop's console says why). */
  function drop(why: string) {
    clearTimeout(timer);
    if (isOpen) close();
    dialog?.remove();
    tab?.remove();
    dialog = frame = tab = null;
    ready = wanted = false;
    w.removeEventListener("message", onMessage);
    console.warn(`Roleta Premiada: ${why}`);
  }

  function onMessage(e: MessageEvent) {
    const m = e.data as Detail | null;
    if (e.origin !== app || !frame || e.source !== frame.contentWindow || !m || m.roleta !== 1) return;
    if (m.type === "ping") hello();
    else if (m.type === "ready") {
      clearTimeout(timer);
      ready = true;
      if (wanted) show();
      else if (tabDisplay) showTab();
    } else if (m.type === "unavailable") {
      dead = true;
      drop("a roleta não está disponível agora (rascunho, pausada, fora do período ou sem prêmios).");
    } else if (m.type === "resize") frame.style.height = `${Math.max(200, Number(m.height) || 0)}px`;
    else if (m.type === "close") close();
    else if (m.type === "result") {
      spun = true;
      const won = m.result === "won";
      const { prize, code, claim_url, coupon_url } = m;
      const str = (v: unknown) => (typeof v === "string" ? v : null);
      write({
        spun: Date.now(),
        claim: won ? str(claim_url) : null,
        ...(won && {
          prize: {
            n: String((prize as Detail | null)?.name ?? ""),
            c: String(code ?? ""),
            u: str(m.redeem_until),
            k: str(coupon_url),
            l: str(claim_url),
          },
        }),
      });
      if (won) mark(company, "w");
      emit(won ? "won" : "lost", won ? { prize, code, claim_url, coupon_url } : {});
    }
  }

  /**
   * Loads the wheel in a hidden dialog; it is shown only once the frame says it is ready (the site
   * is allowed and there is something to play). A frame the browser refuses (a site not in the
   * wheel's list, a draft or paused wheel) never says so, and after 15 s it is dropped: the page
   * never shows a blank popup (docs/decisions/embed.md "The popup opens only on a playable wheel").
   */
  function prepare() {
    if (dialog || dead) return;
    warmFrame?.remove();
    warmed = true;
    const r = mount();
    const reduced = w.matchMedia("(prefers-reduced-motion: reduce)").matches;
    dialog = el("dialog", reduced ? "" : "a");
    dialog.setAttribute("aria-label", "Roleta de prêmios");
    dialog.setAttribute("aria-modal", "true");
    const card = el("div", "d");
    const closeButton = el("button", "x", "×");
    closeButton.type = "button";
    closeButton.autofocus = true;
    closeButton.setAttribute("aria-label", "Fechar");
    frame = el("iframe", "");
    frame.title = "Roleta de prêmios";
    frame.allow = "clipboard-write";
    // The embed page learns which site framed it (a refused one is shown to the shop in the admin).
    frame.referrerPolicy = "origin";
    frame.src = iframeSrc();
    frame.addEventListener("load", hello);
    // The X first: showModal focuses it, and Tab goes on into the wheel.
    card.append(closeButton, frame);
    dialog.append(card);
    closeButton.addEventListener("click", close);
    const dlg = dialog;
    // Esc (the browser's cancel, at once: its "close" event comes a task later) and the backdrop
    // (the dialog's own padding) close it.
    dlg.addEventListener("cancel", close);
    dlg.addEventListener("close", close);
    dlg.addEventListener("click", (e) => e.target === dlg && close());
    r.append(dlg);
    w.addEventListener("message", onMessage);
    timer = w.setTimeout(
      () => !ready && drop("a roleta não respondeu; confira se este site está em Sites permitidos."),
      15_000,
    );
  }

  function open() {
    if (isOpen || dead) return;
    wanted = true;
    if (ready) show();
    else prepare();
  }

  function show() {
    const dlg = dialog;
    if (!dlg || isOpen) return;
    wanted = false;
    previousFocus = d.activeElement;
    try {
      dlg.showModal();
    } catch {
      dlg.setAttribute("open", "");
    }
    const box = dlg.getBoundingClientRect();
    // The page's scroll is locked only under a dialog that is really on screen.
    if (!box.width || !box.height || (dlg.checkVisibility && !dlg.checkVisibility())) {
      dlg.close();
      return drop("a janela da roleta ficou invisível nesta página.");
    }
    isOpen = true;
    tab?.remove();
    tab = null;
    // The host page stops scrolling; the scroll bar's width is kept, so nothing moves.
    const html = d.documentElement;
    const bar = w.innerWidth - html.clientWidth;
    saved = [html.style.overflow, d.body.style.paddingRight];
    html.style.overflow = "hidden";
    if (bar > 0) d.body.style.paddingRight = `${(parseFloat(getComputedStyle(d.body).paddingRight) || 0) + bar}px`;
    locked = true;
    emit("open");
    emit("ready");
  }

  function close() {
    if (!isOpen) return;
    isOpen = false;
    if (!spun) write({ closed: Date.now() });
    if (dialog?.open) dialog.close();
    if (locked) {
      d.documentElement.style.overflow = saved[0];
      d.body.style.paddingRight = saved[1];
      locked = false;
    }
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
    emit("close");
    if (spun) {
      // The spun frame is done with: the prize's tab instead.
      dialog?.remove();
      dialog = frame = null;
      ready = false;
      w.removeEventListener("message", onMessage);
      showPrizeTab();
    } else if (tabDisplay) showTab();
  }

  function showTab() {
    if (tab) return;
    tab = el("button", "t", "Gire e ganhe");
    tab.addEventListener("click", open);
    mount().append(tab);
  }

  /** After a win: the prize tab (embed/tab.ts) on every page, until it expires, is bought or closed for good. */
  function showPrizeTab() {
    const s = read();
    const p = s.prize;
    if (tab || tabLoading || s.gone || !live(p) || (p.l && !p.l.startsWith(`${app}/`))) return;
    // Bought on this browser since the win (an order page, or the shop's "purchase" call): used.
    const bought = marksOf(company).b;
    if (bought && s.spun && bought > s.spun) return;
    // Its code only now (/embed-tab.js, a module of our origin): most page views never need it.
    tabLoading = true;
    import(`${app}/embed-tab.js?v=${__TAB_HASH__}`).then(
      (m: typeof import("./tab")) => {
        tabLoading = false;
        if (tab) return;
        tab = m.prizeTab(mount(), p, () => {
          tab = null;
          write({ gone: Date.now() });
        });
      },
      () => (tabLoading = false),
    );
  }

  /**
   * Idle-time warming (docs/decisions/performance.md "The embed warms the cache at idle time (issue
   * 43)"): once the page has loaded and gone idle, a hidden frame of our origin loads /embed/warm, a
   * document with no script that only prefetches the wheel page's files, so the browser's cache
   * holds them in the partition the wheel's frame reads (this site, our origin) before the trigger.
   * Network only, at the lowest priority, after the shop's page; nothing on a data saver or a 2G
   * connection, nor once the trigger has fired.
   */
  let warmed = false;
  function warm() {
    const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
    if (warmed || dead || data.warm === "off" || c?.saveData || /2g/.test(c?.effectiveType ?? "")) return;
    warmed = true;
    warmFrame = el("iframe", "w");
    warmFrame.tabIndex = -1;
    warmFrame.setAttribute("aria-hidden", "true");
    warmFrame.src = `${app}/embed/warm`;
    mount().append(warmFrame);
  }
  const idle = (f: () => void) => (w.requestIdleCallback ? w.requestIdleCallback(f, { timeout: 2000 }) : f());
  const afterLoad = () => setTimeout(() => idle(warm), 1500);

  /**
   * With data-experiment, the visitor's arm decides the wheel once, when the trigger first fires
   * (the holdout: none); without one, or storage blocked, or the experiment not running: data-wheel.
   */
  let arm: Arm | undefined;
  let decided: Promise<boolean> | undefined;
  const go = (f: () => void) =>
    void (decided ??= experiment
      ? armOf(app, company, experiment).then((a) => {
          arm = a;
          if (a) wheel = a.wheel ?? "";
          return !!wheel;
        })
      : Promise.resolve(true)).then((ok) => ok && f());

  /** Not after a spin; not within the frequency window after a close. */
  const allowed = (s = read()) => !s.spun && !(s.closed && Date.now() - s.closed < days * 864e5);

  function fire() {
    if (!onPath()) return;
    const s = read();
    // After a spin, the prize's tab instead of the wheel.
    if (s.spun) return showPrizeTab();
    if (!allowed(s)) return;
    // The tab display shows its button once the wheel is ready behind it; the popup, the wheel.
    const show = tabDisplay ? prepare : open;
    if (!rules) return go(show);
    void targeted(rules, company, data).then((yes) =>
      yes ? go(show) : console.info("Roleta Premiada: este visitante está fora do público escolhido."),
    );
  }

  // The public API: open/close, and calls queued before this script ran (an array of [name, ...args]).
  const api = {
    open: () => go(open),
    close,
    push: (call: Call) => {
      if (call[0] === "open") go(open);
      else if (call[0] === "close") close();
      else if (call[0] === "purchase") mark(company, "b");
    },
  };
  const queued = (w as unknown as { RoletaPremiada?: unknown }).RoletaPremiada;
  (w as unknown as { RoletaPremiada: typeof api }).RoletaPremiada = api;
  if (Array.isArray(queued)) for (const call of queued as Call[]) api.push(call);

  // Nothing else runs before the trigger: localStorage is first read when it fires (its first use in
  // a page is a synchronous load of the site's storage, 5-30 ms measured on the main thread, which an
  // idle-time read 2 s after load still spent on every page view; docs/performance.md "The embed on
  // a shop's page").
  const [kind, arg = ""] = trigger.split(/:(.*)/s);
  // A click on the shop's own button is the visitor asking: the frequency does not hold it back.
  if (kind === "click")
    d.addEventListener("click", (e) => {
      let target: Element | null = null;
      try {
        target = e.target instanceof Element && arg ? e.target.closest(arg) : null;
      } catch {
        /* not a valid selector */
      }
      if (!target || !onPath() || read().spun) return;
      e.preventDefault();
      go(open);
    });
  // Every page of the shop, at idle time after load: this page view counted for the rules that need
  // it, and the prize tab after a win (the one storage read a page view pays; docs/embed.md).
  const onIdle = () =>
    setTimeout(
      () =>
        idle(() => {
          if (rules) noteVisit();
          showPrizeTab();
        }),
      1000,
    );
  if (d.readyState === "complete") onIdle();
  else w.addEventListener("load", onIdle, { once: true });
  if (!onPath()) return;
  if (d.readyState === "complete") afterLoad();
  else w.addEventListener("load", afterLoad, { once: true });
  if (kind === "delay") setTimeout(fire, (Number(arg) || 0) * 1000);
  else if (kind === "scroll") {
    const percent = Number(arg) || 50;
    const onScroll = () => {
      const max = d.documentElement.scrollHeight - w.innerHeight;
      if (max <= 0 || (w.scrollY / max) * 100 >= percent) {
        w.removeEventListener("scroll", onScroll);
        fire();
      }
    };
    w.addEventListener("scroll", onScroll, { passive: true });
  } else if (kind === "exit") {
    const onOut = (e: MouseEvent) => {
      if (e.relatedTarget || e.clientY > 0) return;
      d.removeEventListener("mouseout", onOut);
      fire();
    };
    d.addEventListener("mouseout", onOut);
  }
  // "manual": only window.RoletaPremiada.open().
}

if (script) start(script);
