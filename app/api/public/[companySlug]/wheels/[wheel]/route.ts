import { clientIp } from "@/lib/http/client-ip";
import { publicRoute } from "@/lib/http/api";
import { consume, LIMITS } from "@/lib/rate-limit";
import { publicWheelView } from "@/lib/spins/public-wheel";

export const GET = publicRoute({}, async ({ req, params }) => {
  await consume(LIMITS.publicRead(), clientIp(req.headers));
  const view = await publicWheelView(params.companySlug, params.wheel);
  return { wheel: { name: view.wheel.name, total_spins: view.wheel.total_spins }, products: view.products, stats: view.stats };
});
