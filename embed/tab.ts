// The prize tab (docs/embed.md "The prize tab"): after a win, a
// small tab at the bottom-left of every page of the shop ("Seu prêmio: 10% OFF · expira em 2 dias")
// that reopens the prize with its code, a copy button and "Usar meu cupom", until the prize expires
// (its stored validity), the shop's order page says it was bought, or the visitor closes it for good.
// It lives in the loader's shadow root; the loader decides when (from the shop's own storage only)
// and only then fetches this module: it is built apart, as /embed-tab.js (scripts/build-embed.mjs),
// so the loader every page pays stays small (docs/decisions/embed.md).

import { adopt } from "./adopt";
import type { Prize } from "./prize";

// 48 px high, bottom-left, above the phone's safe area; on a phone it sits above the band where shops
// put a sticky "Finalizar compra" bar, so it never covers the shop's checkout buttons.
export const TAB_CSS = `.pt{position:fixed;z-index:2147483646;left:12px;bottom:calc(12px + env(safe-area-inset-bottom,0px));height:48px;max-width:90vw;border:0;border-radius:24px;padding:0 16px;background:#111827;color:#fff;font:600 14px system-ui,sans-serif;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.pp{position:fixed;z-index:2147483646;left:12px;bottom:calc(68px + env(safe-area-inset-bottom,0px));width:min(320px,90vw);padding:16px;border-radius:16px;background:#fff;color:#111827;box-shadow:0 9px 30px #0006;font:15px/1.4 system-ui,sans-serif;box-sizing:border-box}
@media(max-width:640px){.pt{bottom:calc(92px + env(safe-area-inset-bottom,0px))}.pp{bottom:calc(148px + env(safe-area-inset-bottom,0px))}}
.pc{font:800 22px monospace;padding:8px;border:2px dashed #7c3aed;text-align:center}
.pb{display:block;width:100%;min-height:44px;margin-top:8px;border:0;border-radius:10px;background:#7c3aed;color:#fff;font:700 15px/44px system-ui,sans-serif;text-align:center;text-decoration:none;cursor:pointer}
.ps{background:#f3f4f6;color:#111827}.pt:focus-visible,.pb:focus-visible{outline:3px solid #2563eb}`;

/** In calendar days of the visitor's clock (a validity ends at its day's end): "expira hoje" · "expira
 * amanhã" · "expira em N dias"; "" with no validity. */
export function expiryText(until: string | null, now = Date.now()): string {
  if (!until) return "";
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const days = Math.floor((Date.parse(until) - today.getTime()) / 864e5);
  return days < 1 ? "expira hoje" : days === 1 ? "expira amanhã" : `expira em ${days} dias`;
}

/** Adds the tab (and its panel, shown on a click) to `root`; `gone` closes it for good. Returns its element. */
export function prizeTab(root: ShadowRoot, p: Prize, gone: () => void): HTMLElement {
  const d = document;
  adopt(root, TAB_CSS);
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text = "") => {
    const e = d.createElement(tag);
    e.className = cls;
    e.textContent = text;
    return e;
  };
  const box = make("div", "");
  const expiry = expiryText(p.u);
  const tab = make("button", "pt", `Seu prêmio: ${p.n}${expiry ? ` · ${expiry}` : ""}`);
  tab.type = "button";
  tab.setAttribute("aria-expanded", "false");
  const panel = make("div", "pp");
  panel.setAttribute("role", "region");
  panel.setAttribute("aria-label", "Seu prêmio");
  panel.hidden = true;
  const code = make("p", "pc", p.c);
  const status = make("small", "");
  status.setAttribute("aria-live", "polite");
  const copy = make("button", "pb", "Copiar código");
  copy.type = "button";
  copy.addEventListener("click", () => {
    const done = () =>
      (status.textContent = p.k
        ? "Código copiado!"
        : "Código copiado! Cole no campo “Cupom de desconto” do carrinho ou do pagamento.");
    // No clipboard (a page over http): the code is selected for the visitor's own copy.
    const manual = () => {
      getSelection()?.selectAllChildren(code);
      status.textContent = "Selecione e copie o código acima.";
    };
    if (navigator.clipboard) navigator.clipboard.writeText(p.c).then(done, manual);
    else manual();
  });
  const use = make("a", "pb", p.k ? "Usar meu cupom" : "Ver meu prêmio");
  // The coupon link applies the code in this same tab of the shop; the claim page opens apart.
  use.href = p.k ?? p.l ?? "#";
  if (!p.k) {
    use.target = "_blank";
    use.rel = "noopener";
  }
  const hide = make("button", "pb ps", "Fechar");
  hide.type = "button";
  const never = make("button", "pb ps", "Não mostrar mais");
  never.type = "button";
  panel.append(
    make("p", "", `Seu prêmio: ${p.n}`),
    code,
    ...(expiry ? [make("p", "", `Válido: ${expiry}.`)] : []),
    copy,
    ...(p.k || p.l ? [use] : []),
    hide,
    never,
    status,
  );
  const toggle = (open: boolean) => {
    panel.hidden = !open;
    tab.setAttribute("aria-expanded", String(open));
    if (open) copy.focus();
    else tab.focus();
  };
  tab.addEventListener("click", () => toggle(!!panel.hidden));
  hide.addEventListener("click", () => toggle(false));
  never.addEventListener("click", () => {
    box.remove();
    gone();
  });
  box.append(panel, tab);
  root.append(box);
  return box;
}
