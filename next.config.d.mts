// The type of next.config.mjs, for the tests that read it (the config is JavaScript: see its header).
import type { NextConfig } from "next";

declare const nextConfig: NextConfig;
export default nextConfig;
