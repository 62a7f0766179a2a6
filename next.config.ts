import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships wasm/data files; bundling them would copy them into public static media.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "bcrypt", "pg"],
  poweredByHeader: false,
  // Lets parallel e2e runs (and CI) build into separate folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // With Vercel Blob configured, the browser sends images straight to Blob (Vercel caps request
  // bodies at 4.5 MB, below the 5 MB image limit); see lib/products/direct-upload.ts.
  env: { NEXT_PUBLIC_DIRECT_UPLOADS: process.env.BLOB_READ_WRITE_TOKEN ? "1" : "" },
};

export default nextConfig;
