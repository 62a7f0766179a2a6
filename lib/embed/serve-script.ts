// The embed's scripts as served to shops' pages (app/embed.js, app/embed-tab.js): the bare address
// cached for an hour and then revalidated by its ETag (a 304 costs no body); the address with the
// current content hash cached for good. A hash that is not the current one answers 404. CORS is open:
// a shop's page may pin a version with `integrity`, and the loader imports the tab as a module.

export function serveScript(req: Request, code: string, hash: string, version: string | null): Response {
  if (version !== null && version !== hash) return new Response("Not found", { status: 404 });
  const etag = `"${hash}"`;
  const headers = new Headers({
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": version
      ? "public, max-age=31536000, immutable"
      : "public, max-age=3600, stale-while-revalidate=86400",
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(code, { headers });
}
