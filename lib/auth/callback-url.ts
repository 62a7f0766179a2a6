// Where to go after login: a same-site path from ?callbackUrl=, else /admin. Refusing
// "//host" and absolute URLs keeps the redirect from sending users to another site.
export function safeCallbackUrl(value: string | null | undefined, fallback = "/admin"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
