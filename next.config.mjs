// @ts-check
// JavaScript, not TypeScript: `next start` compiles a next.config.ts with SWC, which maps its
// 27 MB native binding into every production server for good (about 40 MB of RSS in all, measured
// at start; docs/decisions/performance.md "The server's memory"). So the few settings read from
// the environment are read here directly; lib/env.ts checks them at start like the rest.

/**
 * What proxy.ts's matcher leaves out: static files, and the incoming webhooks (machines posting
 * JSON; with the proxy, Next tees their body and past the tee's size logs "Request body exceeded
 * ... for <url>", and a store's URL carries its key: docs/decisions/security.md "Public edge").
 */
const STATIC_PATHS = ["/_next/static/:path*", "/_next/image", "/favicon.ico", "/api/webhooks/:path*"];

/** Vercel sets VERCEL on its builds (docs/decisions/operations.md "Self-hosting and serverless (issue 50)"). */
const ON_VERCEL = !!process.env.VERCEL;
// Turbopack traces an external package as a link under the build folder
// (.next/node_modules/@electric-sql/pglite-<hash>), hence the patterns at any depth with a suffix.
const EMBEDDED_DATABASE_FILES = [
  "**/node_modules/@electric-sql/pglite*",
  "**/node_modules/@electric-sql/pglite*/**",
  "**/node_modules/pglite-prisma-adapter*",
  "**/node_modules/pglite-prisma-adapter*/**",
];
// The packages and what they import from node_modules (pglite-prisma-adapter: postgres-array).
const EMBEDDED_DATABASE_PACKAGES = [
  "./node_modules/@electric-sql/pglite/**/*",
  "./node_modules/pglite-prisma-adapter/**/*",
  "./node_modules/postgres-array/**/*",
];

/** @type {import("next").NextConfig} */
const nextConfig = {
  // PGlite ships wasm/data files; bundling them would copy them into public static media.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "bcrypt",
    "pg",
    "ioredis",
    "pino",
    "prom-client",
  ],
  poweredByHeader: false,
  // `next dev` refuses its own dev resources (the HMR socket, the client's chunks) to an origin it was
  // not told of: opened as http://127.0.0.1:3000 instead of localhost, the login page never hydrated
  // and "Entrar" stayed disabled. Both loopback names, so either address works.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  experimental: {
    // Next tees every request body the proxy runs for, in memory, whether or not the proxy reads it
    // (default 10 MB). Just past the largest body a route takes (an image upload: 5 MB and 64 KB of
    // multipart framing), so a longer body still reaches the route past its cap and is refused there.
    proxyClientMaxBodySize: 6 * 1024 * 1024,
  },
  // The self-hosted image (Dockerfile) runs Next's standalone output: server.js plus only the traced
  // node_modules. Opt-in (NEXT_OUTPUT=standalone, set by the Dockerfile and CI's build) because
  // `next start`, which e2e and the benchmarks run, warns that it does not serve that output.
  // docs/decisions/operations.md "Self-hosting: one image, compose".
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Lets parallel e2e runs (and CI) build into separate folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // Metadata in <head> for every client, not streamed into <body>: the public wheel's title and
  // description come from the database (generateMetadata), and crawlers and link previews that
  // read only the HTML head, Lighthouse's SEO audit among them, missed them. The page waits for
  // the same lookup anyway.
  htmlLimitedBots: /.*/,
  // With Vercel Blob configured, the browser sends images straight to Blob (Vercel caps request
  // bodies at 4.5 MB, below the 5 MB image limit); see lib/products/direct-upload.ts.
  env: { NEXT_PUBLIC_DIRECT_UPLOADS: process.env.BLOB_READ_WRITE_TOKEN ? "1" : "" },
  // proxy.ts sets the security headers (the CSP carries a per-request nonce); the files its matcher
  // skips get nosniff here. Only those: a header set both here and there would be sent twice.
  // The embed loader under its content hash (app/embed.js/route.ts serves both addresses).
  async rewrites() {
    return [{ source: "/embed.:hash([0-9a-f]{12}).js", destination: "/embed.js?v=:hash" }];
  },
  async headers() {
    const nosniff = [{ key: "X-Content-Type-Options", value: "nosniff" }];
    return STATIC_PATHS.map((source) => ({ source, headers: nosniff }));
  },
  // Files read from node_modules at run time (paths the file tracer cannot see), which serverless
  // deployments must ship: the counter's QR scanner WebAssembly (app/scanner/[file]/route.ts) and
  // Scalar's prebuilt bundle for /docs/api/reference.js.
  outputFileTracingIncludes: {
    "/scanner/[file]": ["./node_modules/zxing-wasm/dist/reader/zxing_reader.wasm"],
    "/docs/api/reference.js": ["./node_modules/@scalar/api-reference/dist/browser/standalone.js"],
    // The embedded database, imported unseen by the tracer (lib/db/client.ts): the image keeps it
    // (a `docker run` without Postgres still starts); a Vercel build does not.
    ...(ON_VERCEL ? {} : { "/**": EMBEDDED_DATABASE_PACKAGES }),
  },
  // PGlite (about 20 MB of WebAssembly and data) stays out of Vercel's functions: the embedded
  // database cannot live on a function's disk, and a start without DATABASE_URL is refused there
  // (lib/health/serverless.ts). The image keeps it (a `docker run` without Postgres still starts).
  outputFileTracingExcludes: ON_VERCEL
    ? { "/**": EMBEDDED_DATABASE_FILES, "next-server": EMBEDDED_DATABASE_FILES }
    : {},
};

export default nextConfig;
