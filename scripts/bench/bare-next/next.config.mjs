// The bare app of `npm run bench:lighthouse` (scripts/bench/lib/bare-next.ts builds it in a copy
// outside this folder). Turbopack's root is the app's own folder, as in a fresh app with its own
// lockfile: under the repository's root it would take the repository's instrumentation.ts.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** @type {import("next").NextConfig} */
const nextConfig = { turbopack: { root: here }, outputFileTracingRoot: here };

export default nextConfig;
