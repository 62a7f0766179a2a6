import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships wasm/data files; bundling them would copy them into public static media.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "bcrypt", "pg"],
  poweredByHeader: false,
  // Lets parallel e2e runs (and CI) build into separate folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
};

export default nextConfig;
