// Where to go after login: ?callbackUrl= only when it resolves to this site's own origin, else
// /admin. Browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\t/evil.example"
// would become "//evil.example", another host: any control character or backslash is refused
// outright, as is "//host", and what is returned is the resolved path, never the raw text.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
// Relative paths resolve the same against any origin; callers that know theirs pass it so that
// absolute URLs of this very site are accepted too.
const PLACEHOLDER_ORIGIN = "http://site.invalid";

export function safeCallbackUrl(
  value: string | null | undefined,
  fallback = "/admin",
  origin: string = PLACEHOLDER_ORIGIN,
): string {
  if (!value || UNSAFE.test(value) || value.startsWith("//")) return fallback;
  try {
    const site = new URL(origin).origin;
    const url = new URL(value, site);
    if (url.origin !== site) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
