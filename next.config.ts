import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships wasm/data files; bundling them would copy them into public static media.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "bcrypt", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
