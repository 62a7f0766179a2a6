import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // Screens load their data in effects (fetch, then setState when it resolves); the rule cannot
  // tell that apart from synchronous updates.
  { rules: { "react-hooks/set-state-in-effect": "off" } },
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      "lib/generated/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
];

export default config;
