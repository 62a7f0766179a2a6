// Liveness plus database readiness: 200 when the database answers, 503 (pt-BR) otherwise.
import { db } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/route-wrapper";

export const dynamic = "force-dynamic";

export const GET = publicRoute({ doc: { summary: "Liveness and database readiness", errors: [503] } }, async () => {
  const prisma = await db();
  await prisma.$queryRaw`SELECT 1`;
  return { status: "ok" };
});
