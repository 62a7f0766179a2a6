// Web storage that never throws (issue 49). A browser that blocks third-party storage (Chrome's
// incognito and its "block third-party cookies", Brave, Safari) throws a SecurityError on the mere
// read of `window.localStorage` in a frame of another site than the page's, which is the embed's
// whole life on a shop; a full or disabled storage throws on writes anywhere. Every storage access
// of the wheel's frame and of the embed loader goes through here: a read answers null, a write
// does nothing, and the visitor plays as everyone else (docs/decisions/security.md "Trust round four").
// No imports: embed/loader.ts bundles it.

type Kind = "localStorage" | "sessionStorage";

/** The storage, or null where merely reading the property throws. */
function area(kind: Kind): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** The stored value, or null when there is none or storage cannot be read. */
export function storageGet(key: string, kind: Kind = "localStorage"): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores the value; false when storage refused it (blocked, full, disabled). */
export function storageSet(key: string, value: string, kind: Kind = "localStorage"): boolean {
  try {
    const s = area(kind);
    s?.setItem(key, value);
    return !!s;
  } catch {
    return false;
  }
}

export function storageRemove(key: string, kind: Kind = "localStorage"): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    /* blocked: there is nothing of ours to remove */
  }
}
