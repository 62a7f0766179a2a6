// Rewrites import paths (and path mentions in comments and docs) after files were moved with git mv.
// Usage: node scripts/dev/rewrite-imports.mjs <mapping-file>
// The mapping file holds one move a line, "old/path.ts -> new/path.ts"; identifier renames,
// "rename OldName -> NewName" (whole words, in .ts/.tsx/.mjs files only); and exports that moved
// to another module, "export NAME from old/path.ts -> new/path.ts" (an import of NAME from the old
// module is split off to the new one). Run it on a tree
// where the moves are already done (git mv), or on a branch that still imports the old paths: an
// "@/" import of an old path becomes "@/<new path>"; a relative import stays relative, recomputed
// from where the importing file is now (a moved file's imports are resolved from where it was).
// Path mentions in comments and docs follow too. Idempotent.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [mappingFile] = process.argv.slice(2);
if (!mappingFile) throw new Error("usage: rewrite-imports.mjs <mapping-file>");
const moves = new Map(); // old path without extension -> new path without extension
const renames = [];
const movedExports = []; // [name, old module without extension, new module without extension]
for (const raw of readFileSync(mappingFile, "utf8").split("\n")) {
  const line = raw.replace(/#.*/, "").trim();
  if (!line) continue;
  const rename = line.match(/^rename\s+(\w+)\s*->\s*(\w+)$/);
  const moved = line.match(/^export\s+(\w+)\s+from\s+(\S+)\s*->\s*(\S+)$/);
  if (rename) renames.push([rename[1], rename[2]]);
  else if (moved)
    movedExports.push([moved[1], moved[2].replace(/\.(tsx?|mjs)$/, ""), moved[3].replace(/\.(tsx?|mjs)$/, "")]);
  else {
    const [from, to] = line.split(/\s*->\s*/);
    moves.set(from.replace(/\.(tsx?|mjs)$/, ""), to.replace(/\.(tsx?|mjs)$/, ""));
  }
}
const oldOf = new Map([...moves].map(([o, n]) => [n, o]));
const stripExt = (p) => p.replace(/\.(tsx?|mjs|js)$/, "");

const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|mjs|cjs|md)$/.test(f) && !f.startsWith("lib/generated/"));

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
let changed = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue;
  }
  const before = text;
  const code = /\.(ts|tsx|mjs|cjs)$/.test(file);
  if (code) {
    // Where this file was before the moves: relative specifiers are resolved from there.
    const here = stripExt(file);
    const wasAt = oldOf.has(here) ? oldOf.get(here) + path.extname(file) : file;
    text = text.replace(
      /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|importActual|doMock)\s*\(\s*|\brequire\s*\(\s*)(["'])([@.][^"'\n]*)\2/g,
      (all, lead, q, spec) => {
        let target;
        if (spec.startsWith("@/")) target = spec.slice(2);
        else if (spec.startsWith(".")) target = path.posix.normalize(path.posix.join(path.posix.dirname(wasAt), spec));
        else return all;
        const bare = stripExt(target);
        const ext = target.slice(bare.length);
        const to = moves.get(bare) ?? bare;
        if (spec.startsWith("@/")) return moves.has(bare) ? `${lead}${q}@/${to}${ext}${q}` : all;
        // A relative import stays relative, from where the file is now to where the target is now.
        if (!moves.has(bare) && wasAt === file) return all;
        let rel = path.posix.relative(path.posix.dirname(file), to) + ext;
        if (!rel.startsWith(".")) rel = `./${rel}`;
        return `${lead}${q}${rel}${q}`;
      },
    );
    for (const [from, to] of renames) text = text.replace(new RegExp(`\\b${from}\\b`, "g"), to);
    text = text.replace(/import (type )?\{([^}]*)\} from (["'])([^"']+)\3;/g, (all, type = "", names, q, spec) => {
      const target = spec.startsWith("@/")
        ? spec.slice(2)
        : spec.startsWith(".")
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
          : null;
      if (!target) return all;
      const parts = names
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      const out = movedExports.filter(([, from]) => from === stripExt(target));
      const moving = parts.filter((n) => out.some(([name]) => n.replace(/^type\s+/, "").split(/\s+as\s+/)[0] === name));
      if (!moving.length) return all;
      const staying = parts.filter((n) => !moving.includes(n));
      const lines = staying.length ? [`import ${type}{ ${staying.join(", ")} } from ${q}${spec}${q};`] : [];
      for (const n of moving) {
        const to = out.find(([name]) => n.replace(/^type\s+/, "").split(/\s+as\s+/)[0] === name)[2];
        lines.push(`import ${type}{ ${n} } from ${q}@/${to}${q};`);
      }
      return lines.join("\n");
    });
  }
  // Path mentions in comments and docs: "lib/errors.ts" or "lib/errors".
  for (const [from, to] of moves) {
    text = text.replace(new RegExp(`(?<![\\w/.@-])${escape(from)}(\\.tsx?)?(?![\\w/-])`, "g"), (_m, ext) =>
      ext ? `${to}${ext}` : to,
    );
  }
  if (text !== before) {
    writeFileSync(file, text);
    changed++;
  }
}
console.log(`rewrote ${changed} files`);
