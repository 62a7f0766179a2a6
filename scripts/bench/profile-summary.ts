// Reads a V8 CPU profile (.cpuprofile, e.g. from `npm run bench:spin -- --probe --profile`) and
// prints where the time went: per package (self time, and inclusive time: samples with the package
// anywhere on the stack) and the functions with the most self time.
// Usage: npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [more files...]
import { readFileSync } from "node:fs";
import { isMain } from "./lib/bench-report";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package or part of the app a frame belongs to. */
export function bucket(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return url;
  const chunk = /\.next[^/]*\/server\/(.*)$/.exec(url);
  if (chunk) return `app ${chunk[1].split("/").slice(0, 2).join("/")}`;
  return url
    .replace(/^file:\/\/\/?/, "/")
    .split("/")
    .slice(-2)
    .join("/");
}

export function summarize(profiles: Profile[], top = 25): string[] {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    p.samples.forEach((id, i) => {
      const dt = (p.timeDeltas[i] ?? 0) / 1000; // µs -> ms
      total += dt;
      const node = byId.get(id)!;
      const b = bucket(node.callFrame.url, node.callFrame.functionName);
      self.set(b, (self.get(b) ?? 0) + dt);
      const fn = `${node.callFrame.functionName || "(anonymous)"} ${b}:${node.callFrame.lineNumber + 1}`;
      fns.set(fn, (fns.get(fn) ?? 0) + dt);
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const f = byId.get(cur)!.callFrame;
        seen.add(bucket(f.url, f.functionName));
      }
      for (const s of seen) inclusive.set(s, (inclusive.get(s) ?? 0) + dt);
    });
  }
  const pct = (v: number) => `${((v / total) * 100).toFixed(1).padStart(5)}%`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${pct(v)}  ${v.toFixed(0).padStart(7)} ms  ${k}`);
  return [
    `${total.toFixed(0)} ms sampled`,
    "self time by package:",
    ...rows(self, 20),
    "inclusive time by package (on the stack):",
    ...rows(inclusive, 20),
    `top ${top} functions by self time:`,
    ...rows(fns, top),
  ];
}

if (isMain(import.meta.url)) {
  const files = process.argv.slice(2);
  if (!files.length) {
    console.error("usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [...]");
    process.exit(2);
  }
  for (const line of summarize(files.map((f) => JSON.parse(readFileSync(f, "utf8")) as Profile))) console.log(line);
}
