// Where to go after login: ?callbackUrl= only when it resolves to this site's own origin, else
// /admin. The verdict is on the URL as the parser normalised it, never on the raw text: dot
// segments ("/.//evil.example", "/x/..//evil.example", "/%2e//evil.example") collapse into
// "//evil.example", which a browser reads as another host. Browsers also drop tabs and newlines
// inside URLs and read "\" as "/", so any control character or backslash in the raw text is refused
// too (docs/decisions/auth.md, "Sign-in and sessions").
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
// Relative paths resolve the same against any origin; callers that know theirs pass it so that
// absolute URLs of this very site are accepted too.
const PLACEHOLDER_ORIGIN = "http://site.invalid";

export function safeCallbackUrl(
  value: string | null | undefined,
  fallback = "/admin",
  origin: string = PLACEHOLDER_ORIGIN,
): string {
  if (!value || UNSAFE.test(value)) return fallback;
  try {
    const site = new URL(origin).origin;
    const url = new URL(value, site);
    if (url.origin !== site || url.pathname.startsWith("//")) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // What is returned is followed as a relative URL: it must read back as the very same path.
    return path.startsWith("/") && !UNSAFE.test(path) ? path : fallback;
  } catch {
    return fallback;
  }
}
