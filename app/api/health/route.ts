// Liveness: 200 while the process answers. It asks nothing of the database or Redis (that is
// /api/health/ready), so an outage of either never gets healthy instances restarted.
import { publicRoute } from "@/lib/http/route-wrapper";

export const dynamic = "force-dynamic";

export const GET = publicRoute({ doc: { summary: "Liveness: the process answers" } }, async () => ({ status: "ok" }));
