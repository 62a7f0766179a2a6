// Lists every app/api/**/route.ts and the HTTP methods it exports, by importing the real modules.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** "/api/products/[id]" for app/api/products/[id]/route.ts */
export function routePath(file: string) {
  return "/" + path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/");
}

export async function loadRoutes() {
  const files = walk(path.join(ROOT, "app", "api")).sort();
  const out: { route: string; method: Method; handler: (...args: never[]) => Promise<Response> }[] = [];
  for (const file of files) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const m of METHODS) {
      if (typeof mod[m] === "function") out.push({ route: routePath(file), method: m, handler: mod[m] as never });
    }
  }
  return out;
}
