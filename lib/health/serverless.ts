// What a serverless host cannot give the app (docs/decisions/operations.md "Self-hosting and
// serverless (issue 50)"): on Vercel a function's disk is read-only (bar a /tmp that each instance
// loses), so product images without Vercel Blob and e-mails without SMTP (the local outbox under
// DATA_DIR) would fail at the first upload or be written where no one reads them. The server refuses
// to start there instead, naming what to set (instrumentation-node.ts).
import "server-only";
import { env, type Env } from "@/lib/env";

/** The settings a Vercel deployment lacks, each with why; none elsewhere, and none while building. */
export function serverlessProblems(e: Env): string[] {
  if (!e.VERCEL || e.NEXT_PHASE === "phase-production-build") return [];
  const problems: string[] = [];
  if (!e.BLOB_READ_WRITE_TOKEN)
    problems.push("BLOB_READ_WRITE_TOKEN: uploads would go to the function's read-only disk; add a Vercel Blob store");
  if (!e.SMTP_URL)
    problems.push("SMTP_URL: e-mails would go to files on the function's read-only disk; set an SMTP server");
  if (!e.DATABASE_URL)
    problems.push("DATABASE_URL: the embedded database needs a writable, lasting disk; add a Postgres database");
  return problems;
}

/** Throws at a Vercel function's start when uploads, mail or the database would go to its disk. */
export function assertServerlessEnv(e: Env = env()) {
  const problems = serverlessProblems(e);
  if (problems.length)
    throw new Error(`Invalid environment variables for Vercel:\n${problems.map((p) => `  ${p}`).join("\n")}`);
}
