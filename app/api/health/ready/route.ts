// Readiness: 200 when the database answers, the migrations are applied and Redis answers (when
// configured); else 503 UNAVAILABLE naming the failing part (lib/health/ready.ts). Answered from a
// check at most one second old.
import { AppError } from "@/lib/errors";
import { recentReadiness } from "@/lib/health/ready";
import { publicRoute } from "@/lib/http/route-wrapper";

export const dynamic = "force-dynamic";

export const GET = publicRoute(
  { doc: { summary: "Readiness: database, migrations and Redis (when configured)", errors: [503] } },
  async () => {
    const r = await recentReadiness();
    if (r.ready) return { status: "ok", checks: r.checks };
    const failing = Object.entries(r.checks)
      .filter(([, state]) => state === "failing")
      .map(([part]) => part);
    throw new AppError("UNAVAILABLE", `Serviço indisponível: ${failing.join(", ")}`, {
      checks: r.checks,
      failing,
      ...(r.pending ? { pending_migrations: r.pending } : {}),
    });
  },
);
