// The folder graph of lib/: one node per folder directly under lib/ (a file directly under lib/,
// such as lib/env.ts, is its own node), one arrow per folder pair where a file of the first imports
// (type-only imports count: they are arrows a reader follows) a file of the second.
// A "back arrow" is an arrow that lies on a cycle of that graph: its target reaches its source again,
// so the two folders cannot be layered one above the other. Zero back arrows: lib/ is a stack of layers.
// Usage: npx tsx scripts/dev/import-graph.ts [--list] [--max N] (exits 1 above N back arrows)
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LIB = path.join(ROOT, "lib");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "generated") return [];
    if (statSync(full).isDirectory()) return walk(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** The node a lib/ file belongs to: lib/<folder> or lib/<file> without its extension. */
function nodeOf(file: string): string | null {
  const rel = path.relative(LIB, file);
  if (rel.startsWith("..")) return null;
  const [first, ...rest] = rel.split(path.sep);
  if (first === "generated") return null;
  return rest.length ? `lib/${first}` : `lib/${first.replace(/\.tsx?$/, "")}`;
}

function target(from: string, spec: string): string | null {
  if (spec.startsWith("@/")) return path.join(ROOT, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(from), spec);
  return null;
}

const arrows = new Map<string, Set<string>>();
for (const file of walk(LIB)) {
  const from = nodeOf(file);
  if (!from) continue;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  for (const { fileName } of importedFiles) {
    const resolved = target(file, fileName);
    const to = resolved ? nodeOf(resolved) : null;
    if (!to || to === from) continue;
    if (!arrows.has(from)) arrows.set(from, new Set());
    arrows.get(from)!.add(to);
  }
}

function reaches(from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const n = stack.pop()!;
    if (n === to) return true;
    if (seen.has(n)) continue;
    seen.add(n);
    stack.push(...(arrows.get(n) ?? []));
  }
  return false;
}

const all = [...arrows].flatMap(([from, tos]) => [...tos].map((to) => [from, to] as const)).sort();
const back = all.filter(([from, to]) => reaches(to, from));
const mutual = all.filter(([from, to]) => from < to && arrows.get(to)?.has(from));

console.log(`lib/ folder arrows: ${all.length}`);
console.log(`folder pairs importing each other: ${mutual.length}`);
console.log(`back arrows (on a folder cycle): ${back.length}`);
if (process.argv.includes("--list")) {
  for (const [a, b] of mutual) console.log(`  pair: ${a} <-> ${b}`);
  for (const [a, b] of back) console.log(`  back: ${a} -> ${b}`);
}
const maxAt = process.argv.indexOf("--max");
if (maxAt > 0 && back.length > Number(process.argv[maxAt + 1])) {
  console.error(`more than ${process.argv[maxAt + 1]} back arrows in lib/`);
  process.exit(1);
}
