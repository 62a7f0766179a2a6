// The jobs' outcomes, written together (lib/db/group-commit.ts): a busy worker writes the outcomes
// of the runs that ended meanwhile in one statement instead of one each.
// Each row is written only while it is still its run's (its claimed attempt, still pending): an LGPD
// erasure or a second worker after an expired lease keeps its own state.
import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { groupCommit } from "@/lib/db/group-commit";

export interface Outcome {
  id: string;
  /** The attempt the run claimed (the row's `attempts` then). */
  claimed: number;
  status: "done" | "pending" | "failed" | "cancelled";
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** What the row counts afterwards (a step given back counts one less). */
  attempts: number;
  /** A new payload (JSON text) for what is left, or null to keep the row's. */
  payload: string | null;
  at: Date;
}

async function write(outcomes: Outcome[]): Promise<void> {
  const prisma = await db();
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  await prisma.$executeRaw(Prisma.sql`
    UPDATE "WebhookDelivery" d
    SET status = v.status, "nextAttemptAt" = v.next, "lastError" = v.error, "updatedAt" = v.at,
        attempts = v.attempts, payload = coalesce(v.payload::jsonb, d.payload)
    FROM unnest(${outcomes.map((o) => o.id)}::text[], ${outcomes.map((o) => o.claimed)}::int[],
                ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => iso(o.nextAttemptAt))}::timestamp(3)[],
                ${outcomes.map((o) => o.lastError)}::text[], ${outcomes.map((o) => iso(o.at))}::timestamp(3)[],
                ${outcomes.map((o) => o.attempts)}::int[], ${outcomes.map((o) => o.payload)}::text[])
         AS v(id, claimed, status, next, error, at, attempts, payload)
    WHERE d.id = v.id AND d.attempts = v.claimed AND d.status = 'pending'`);
}

/** Writes a job's outcome, with the others that ended meanwhile; settles when it is written. */
export const recordOutcome = groupCommit(write);
