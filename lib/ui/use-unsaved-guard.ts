"use client";
// Unsaved edits are not lost silently (docs/decisions/admin-ui.md "Unsaved edits are guarded"):
// while `dirty`, closing or reloading the tab asks the browser's own question (beforeunload), and
// leaving inside the app (a sidebar link, "Voltar", the browser's Back) asks ours first. The App
// Router has no navigation events, so the guard works below it: a capturing click listener stops
// the links before Next's Link sees them, and an extra history entry turns Back into a popstate
// on the same page, where the question can be asked.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

/** Where the owner was going: a path of the app, or one step back in the history. */
type Pending = { href: string } | { back: true };

/** The same-origin address a click on an <a> would open, or null when the guard lets it be. */
function guardedHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const a = (event.target as Element | null)?.closest?.("a[href]");
  if (!(a instanceof HTMLAnchorElement)) return null;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin) return null; // beforeunload asks
  const here = new URL(window.location.href);
  if (url.pathname === here.pathname && url.search === here.search) return null; // an anchor on the page
  return url.pathname + url.search + url.hash;
}

export function useUnsavedGuard(dirty: boolean) {
  const router = useRouter();
  const [pending, setPending] = useState<Pending | null>(null);
  const dirtyRef = useRef(dirty);
  /** The extra history entry is on top: Back lands on this page again, as a popstate. */
  const armed = useRef(false);

  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty && !armed.current) {
      // A copy of the App Router's own state: Next treats the entry as this very page.
      window.history.pushState(window.history.state, "", window.location.href);
      armed.current = true;
    }
  }, [dirty]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      e.preventDefault();
      e.returnValue = "";
    };
    const onClick = (e: MouseEvent) => {
      if (!dirtyRef.current) return;
      const href = guardedHref(e);
      if (!href) return;
      e.preventDefault();
      e.stopPropagation();
      setPending({ href });
    };
    const onPopState = () => {
      if (!armed.current) return;
      armed.current = false;
      // Saved since: the extra entry is spent, and Back goes on to where the owner meant.
      if (!dirtyRef.current) return window.history.back();
      setPending({ back: true });
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
    };
  }, []);

  /** Stays on the page with the edits (Back is guarded again). */
  const stay = useCallback(() => {
    if (pending && "back" in pending && !armed.current) {
      window.history.pushState(window.history.state, "", window.location.href);
      armed.current = true;
    }
    setPending(null);
  }, [pending]);

  /** Leaves without saving. */
  const leave = useCallback(() => {
    const p = pending;
    setPending(null);
    dirtyRef.current = false;
    if (!p) return;
    if ("back" in p) window.history.back();
    // The extra entry gives way to the new page: Back from there comes to this page, once.
    else if (armed.current) router.replace(p.href);
    else router.push(p.href);
  }, [pending, router]);

  return { asking: pending !== null, stay, leave };
}
