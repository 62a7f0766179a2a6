// The embed loader, served as /embed.js (docs/embed.md; docs/api.md "The online store: the embed
// (issue 25)"). Plain TypeScript, no dependency, bundled and minified by scripts/build-embed.mjs.
// Until its trigger fires it only reads its attributes and localStorage and adds a listener or a
// timer: no request, no element, no style. Then it opens an accessible modal in a shadow root (the
// shop's CSS cannot reach it, and it needs no inline <style> the shop's CSP could refuse) with an
// iframe of /embed/{company}/{wheel} on our origin, and talks to it by postMessage, origins checked
// both ways (components/embed/bridge.tsx is the other side).

type Detail = Record<string, unknown>;
type Stored = { closed?: number; spun?: number; claim?: string | null };
type Call = [string, ...unknown[]];

const w = window;
const d = document;
const script = (d.currentScript ?? d.querySelector("script[data-company][data-wheel]")) as HTMLScriptElement | null;

function start(tag: HTMLScriptElement) {
  const data = tag.dataset;
  const company = data.company ?? "";
  const wheel = data.wheel ?? "";
  if (!company || !wheel) return;
  const app = new URL(tag.src).origin;
  // The media query is evaluated only for the default trigger (a snippet with data-trigger skips it).
  const trigger = (data.trigger ?? (w.matchMedia("(pointer: coarse)").matches ? "delay:8" : "exit")).trim();
  const tabDisplay = data.display === "tab";
  const days = Number(data.frequencyDays ?? 7);
  const key = `roleta:${company}/${wheel}`;

  const read = (): Stored => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? "{}") as Stored;
    } catch {
      return {};
    }
  };
  const write = (s: Stored) => {
    try {
      localStorage.setItem(key, JSON.stringify({ ...read(), ...s }));
    } catch {
      /* private mode: the frequency holds for this page view only */
    }
  };
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
  let host: HTMLElement | null = null;
  let dialog: HTMLElement | null = null;
  let frame: HTMLIFrameElement | null = null;
  let closeButton: HTMLButtonElement | null = null;
  let tab: HTMLElement | null = null;
  let isOpen = false;
  let spun = false;
  let previousFocus: Element | null = null;
  let saved: [string, string] = ["", ""];

  const CSS = `:host{all:initial}
.b{position:fixed;inset:0;z-index:2147483646;background:rgba(17,24,39,.6);display:flex;align-items:center;justify-content:center;padding:12px;box-sizing:border-box}
.d{position:relative;width:min(440px,100%);max-height:calc(100vh - 24px);background:#fff;border-radius:16px;box-shadow:0 20px 50px rgba(0,0,0,.35);overflow:auto;font:16px/1.4 system-ui,sans-serif}
.a .d{animation:i .2s ease-out}@keyframes i{from{opacity:0;transform:translateY(12px) scale(.98)}}
iframe{display:block;width:100%;height:600px;max-height:calc(100vh - 24px);border:0}
.x{position:absolute;top:8px;right:8px;width:44px;height:44px;border:0;border-radius:22px;background:#f3f4f6;color:#111827;font:28px/1 system-ui,sans-serif;cursor:pointer}
.x:focus-visible,.t:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.l{position:absolute;top:50%;left:0;right:0;text-align:center;color:#374151}
.t{position:fixed;z-index:2147483645;right:16px;bottom:16px;border:0;border-radius:999px;padding:12px 18px;background:#7c3aed;color:#fff;font:700 15px/1.2 system-ui,sans-serif;box-shadow:0 6px 20px rgba(0,0,0,.25);cursor:pointer;text-decoration:none}
.s{position:fixed;width:1px;height:1px;overflow:hidden;opacity:0}`;

  function mount(): ShadowRoot {
    if (root) return root;
    host = d.createElement("div");
    host.setAttribute("data-roleta-premiada", "");
    root = host.attachShadow({ mode: "open" });
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } catch {
      const style = d.createElement("style");
      style.textContent = CSS;
      root.append(style);
    }
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

  function onMessage(e: MessageEvent) {
    const m = e.data as Detail | null;
    if (e.origin !== app || !frame || e.source !== frame.contentWindow || !m || m.roleta !== 1) return;
    if (m.type === "ping") hello();
    else if (m.type === "ready") {
      dialog?.querySelector(".l")?.remove();
      emit("ready");
    } else if (m.type === "resize" && frame) frame.style.height = `${Math.max(200, Number(m.height) || 0)}px`;
    else if (m.type === "close") close();
    else if (m.type === "result") {
      spun = true;
      const won = m.result === "won";
      write({ spun: Date.now(), claim: won ? (m.claim_url as string) : null });
      const { prize, code, claim_url, coupon_url } = m;
      emit(won ? "won" : "lost", won ? { prize, code, claim_url, coupon_url } : {});
    }
  }

  function onKey(e: KeyboardEvent) {
    if (!isOpen) return;
    if (e.key === "Escape") {
      e.preventDefault();
      close();
    }
  }

  function open() {
    if (isOpen) return;
    isOpen = true;
    const r = mount();
    previousFocus = d.activeElement;
    const reduced = w.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const backdrop = el("div", reduced ? "b" : "b a");
    dialog = el("div", "d");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-label", "Roleta de prêmios");
    const first = el("span", "s");
    const last = el("span", "s");
    first.tabIndex = last.tabIndex = 0;
    closeButton = el("button", "x", "×");
    closeButton.type = "button";
    closeButton.setAttribute("aria-label", "Fechar");
    frame = el("iframe", "");
    frame.title = "Roleta de prêmios";
    frame.allow = "clipboard-write";
    frame.src = iframeSrc();
    frame.addEventListener("load", hello);
    const loading = el("p", "l", "Carregando…");
    loading.setAttribute("role", "status");
    dialog.append(loading, frame, closeButton);
    // A frame that never says it is ready (refused by the wheel's allowed sites, offline) says so.
    setTimeout(() => {
      if (loading.isConnected) loading.textContent = "Não foi possível carregar a roleta.";
    }, 15_000);
    backdrop.append(first, dialog, last);
    r.append(backdrop);
    // Focus stays in the dialog: the sentinels around it send it back in.
    first.addEventListener("focus", () => closeButton?.focus());
    last.addEventListener("focus", () => frame?.focus());
    closeButton.addEventListener("click", close);
    backdrop.addEventListener("click", (e) => e.target === backdrop && close());
    // The host page stops scrolling; the scroll bar's width is kept, so nothing moves.
    const html = d.documentElement;
    const bar = w.innerWidth - html.clientWidth;
    saved = [html.style.overflow, d.body.style.paddingRight];
    html.style.overflow = "hidden";
    if (bar > 0) d.body.style.paddingRight = `${(parseFloat(getComputedStyle(d.body).paddingRight) || 0) + bar}px`;
    w.addEventListener("message", onMessage);
    d.addEventListener("keydown", onKey);
    closeButton.focus();
    emit("open");
  }

  function close() {
    if (!isOpen) return;
    isOpen = false;
    if (!spun) write({ closed: Date.now() });
    root?.querySelector(".b")?.remove();
    frame = dialog = closeButton = null;
    d.documentElement.style.overflow = saved[0];
    d.body.style.paddingRight = saved[1];
    w.removeEventListener("message", onMessage);
    d.removeEventListener("keydown", onKey);
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
    emit("close");
    if (spun) showPrizeTab();
  }

  function showTab() {
    if (tab) return;
    tab = el("button", "t", "Gire e ganhe");
    tab.addEventListener("click", open);
    mount().append(tab);
  }

  /** After a win: a small tab to the claim page, instead of the wheel. */
  function showPrizeTab() {
    tab?.remove();
    tab = null;
    const claim = read().claim;
    if (!claim || !claim.startsWith(`${app}/`)) return;
    const a = el("a", "t", "Seu prêmio");
    a.href = claim;
    a.target = "_blank";
    a.rel = "noopener";
    mount().append(a);
  }

  /** Not after a spin; not within the frequency window after a close. */
  const allowed = (s = read()) => !s.spun && !(s.closed && Date.now() - s.closed < days * 864e5);

  function fire() {
    if (!onPath()) return;
    const s = read();
    // After a spin, the trigger brings the prize's tab instead of the wheel.
    if (s.spun) return tab || showPrizeTab();
    if (!allowed(s)) return;
    if (tabDisplay) showTab();
    else open();
  }

  // The public API: open/close, and calls queued before this script ran (an array of [name, ...args]).
  const api = {
    open,
    close,
    push: (call: Call) => {
      if (call[0] === "open") open();
      else if (call[0] === "close") close();
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
      open();
    });
  if (!onPath()) return;
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
