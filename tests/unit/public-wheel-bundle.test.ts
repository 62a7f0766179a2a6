// The public wheel's client island ships to every visitor's phone: its import graph must not reach
// the heavy packages the admin uses (zod with its locales, next-auth's client, sonner). A static
// walk of the project's own imports from the island, so a stray import fails here, not in Lighthouse.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HEAVY = ["zod", "next-auth", "sonner", "barcode-detector", "qrcode", "canvas-confetti", "mailchecker"];

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((f) => /\.tsx?$/.test(f) && existsSync(f)) ?? null;
}

/** Every package a module reaches through the project's own files (type-only imports excluded). */
function packagesReached(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm)) {
      const local = resolveLocal(file, m[1]);
      if (local) walk(local);
      else if (!m[1].startsWith(".") && !m[1].startsWith("@/")) reached.set(m[1], path.relative(ROOT, file));
    }
  };
  walk(entry);
  return reached;
}

describe("public wheel client bundle", () => {
  it("the play island reaches none of zod, next-auth, sonner or the QR packages", () => {
    const reached = packagesReached(path.join(ROOT, "components/public-wheel/play.tsx"));
    const heavy = [...reached].filter(([pkg]) => HEAVY.some((h) => pkg === h || pkg.startsWith(`${h}/`)));
    expect(heavy).toEqual([]);
    expect(reached.has("react")).toBe(true);
  });

  it("neither do the steps the island loads later (the form's checks and the spin, the wheel, the verification)", () => {
    // Fetched with import() (after hydration or at 'Começar'), which the walk above does not follow.
    for (const step of ["flow.ts", "wheel-svg.tsx", "verify-step.tsx"]) {
      const reached = packagesReached(path.join(ROOT, "components/public-wheel", step));
      const heavy = [...reached].filter(([pkg]) => HEAVY.some((h) => pkg === h || pkg.startsWith(`${h}/`)));
      expect({ step, heavy }).toEqual({ step, heavy: [] });
    }
    // The CPF's check digits are there: the walk does see the form's checks.
    expect(
      packagesReached(path.join(ROOT, "components/public-wheel/flow.ts")).has(
        "@brazilian-utils/brazilian-utils/is-valid-cpf",
      ),
    ).toBe(true);
  });

  it("the spin route's schema does reach zod (the walk sees through re-exports)", () => {
    expect(packagesReached(path.join(ROOT, "lib/validation/public.ts")).has("zod")).toBe(true);
  });
});
