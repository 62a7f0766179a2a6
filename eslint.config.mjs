import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      "lib/generated/**",
      ".ops/**",
      // bench:jobs bundles the worker into .ops-bench (.gitignore: .ops-*/).
      ".ops-*/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      // The bare Next.js app of bench:lighthouse: a fresh app's files, kept as they are.
      "scripts/bench/bare-next/**",
    ],
  },
];

export default config;
