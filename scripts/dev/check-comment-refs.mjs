// Fails when a code comment cites something that is not in the repository: the product brief's
// files (spec.md, API.md, ARCHITECTURE.md, ...), a repository path that does not exist, or a
// section heading of docs/*.md or docs/decisions/*.md that does not exist. Run by `npm run lint:deps` (CI "format and lint").
// Usage: node scripts/dev/check-comment-refs.mjs
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const OUTSIDE = /\b(spec\.md|API\.md|ARCHITECTURE\.md|ENVIRONMENT\.md|STYLE\.md)\b/;
// A repository path: a top folder, then segments; an extension or a folder (lib/invitations).
const PATH = /(?<![\w@/.-])((?:docs|lib|app|components|scripts|tests|prisma)\/[\w.\-[\]()/]*[\w\])])/g;
// A cited section: docs/<name>.md "Heading" or docs/decisions/<topic>.md "Heading" (a prefix is enough).
const SECTION = /docs\/((?:decisions\/)?[\w-]+)\.md,? "([^"]+)"/g;

const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx", "*.mjs", "*.cjs"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && !f.startsWith("lib/generated/") && f !== "scripts/dev/check-comment-refs.mjs" && existsSync(f));

const headings = new Map();
function hasHeading(doc, title) {
  if (!headings.has(doc)) {
    const file = `docs/${doc}.md`;
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    headings.set(
      doc,
      [...text.matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1].trim()),
    );
  }
  return headings.get(doc).some((h) => h === title || h.startsWith(title));
}

function exists(path) {
  if (path.includes("...")) return true; // an elided path (app/w/.../loading.tsx) names no one file
  const bare = path.replace(/[.)]+$/, "");
  return [bare, `${bare}.ts`, `${bare}.tsx`, `${bare}.mjs`].some((p) => existsSync(p));
}

/** The comment text of a line: after //, or a line of a block comment. */
function commentOf(line) {
  const trimmed = line.trim();
  if (/^(\*|\/\*)/.test(trimmed)) return trimmed;
  const at = line.search(/(?<![:"'`])\/\/(?!\S*["'`])/);
  return at >= 0 ? line.slice(at) : "";
}

const problems = [];
for (const file of files) {
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, i) => {
    // A citation may wrap onto the next comment line: read the two together for sections.
    const comment = commentOf(line);
    if (!comment) return;
    const where = `${file}:${i + 1}`;
    const outside = comment.match(OUTSIDE);
    if (outside) problems.push(`${where}: cites ${outside[1]}, which is not in the repository`);
    for (const [, path] of comment.matchAll(PATH)) {
      if (!exists(path)) problems.push(`${where}: cites ${path}, which does not exist`);
    }
    const joined = `${comment} ${commentOf(lines[i + 1] ?? "").replace(/^(\/\/|\*)\s*/, "")}`;
    for (const [, doc, title] of joined.matchAll(SECTION)) {
      if (!hasHeading(doc, title)) problems.push(`${where}: cites docs/${doc}.md "${title}", no such heading`);
    }
  });
}
for (const p of [...new Set(problems)]) console.error(p);
console.log(`comment references: ${files.length} files read, ${new Set(problems).size} problems`);
if (problems.length) process.exit(1);
