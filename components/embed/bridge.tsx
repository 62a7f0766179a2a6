"use client";
// The embed page's side of the loader's messages (docs/embed.md "Messages"). The page asks its
// parent to introduce itself (a "ping" without data, the only message sent before it knows to whom);
// the loader answers "hello", and the origin the browser attests on that message, when the wheel
// allows it, is the one origin every later message goes to: the size, the result, Esc. Messages
// from anything but the parent window at that origin are ignored. This site's own pages (the
// admin's preview) are always a parent it accepts. When the wheel has nothing to play (not started,
// ended, sold out), the answer to "hello" is "unavailable" instead of "ready", and the loader keeps
// its popup closed (docs/decisions/embed.md "The popup opens only on a playable wheel"). The
// visitor's own data (name, WhatsApp) never leaves the frame; the shop hears the prize and the code.
import { useEffect } from "react";
import type { SpinAnswer } from "@/lib/spins/answer";

type Message = { roleta: 1; type: string } & Record<string, unknown>;

const isMessage = (data: unknown): data is Message =>
  typeof data === "object" && data !== null && (data as Message).roleta === 1;

export function EmbedBridge({ origins, playable }: { origins: string[] | null; playable: boolean }) {
  useEffect(() => {
    const parent = window.parent;
    if (parent === window) return;
    let target: string | null = null;
    const post = (msg: Record<string, unknown>) => target && parent.postMessage({ roleta: 1, ...msg }, target);

    const main = document.querySelector("main");
    const size = () => {
      if (!main) return;
      const style = getComputedStyle(main);
      const height = main.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
      post({ type: "resize", height: Math.ceil(height) });
    };
    const resize = new ResizeObserver(size);

    function onMessage(e: MessageEvent) {
      if (e.source !== parent || !isMessage(e.data)) return;
      if (e.data.type !== "hello" || target) return;
      if (origins && !origins.includes(e.origin) && e.origin !== location.origin) return;
      target = e.origin;
      if (!playable) return post({ type: "unavailable" });
      post({ type: "ready" });
      if (main) resize.observe(main);
      size();
    }
    function onKey(e: KeyboardEvent) {
      if (e.key === "Escape") post({ type: "close" });
    }
    function onResult(e: Event) {
      const r = (e as CustomEvent<SpinAnswer>).detail;
      post({
        type: "result",
        result: r.result,
        prize: r.prize && { name: r.prize.name, image_url: r.prize.image_url },
        code: r.redemption_code,
        claim_url: r.claim_url ? new URL(r.claim_url, location.origin).href : null,
        coupon_url: r.coupon_url ?? null,
      });
    }
    window.addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey);
    window.addEventListener("roleta:result", onResult);
    parent.postMessage({ roleta: 1, type: "ping" }, "*");
    return () => {
      window.removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("roleta:result", onResult);
      resize.disconnect();
    };
  }, [origins, playable]);
  return null;
}
