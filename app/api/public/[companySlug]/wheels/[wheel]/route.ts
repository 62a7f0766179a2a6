import { clientIp } from "@/lib/net/client-ip";
import { publicRoute } from "@/lib/http/route-wrapper";
import { consume, LIMITS } from "@/lib/rate-limit";
import { publicWheelView } from "@/lib/spins/public-view";
import { movedWheelApiPath } from "@/lib/wheels/moved";

export const GET = publicRoute(
  {
    doc: {
      summary: "A public wheel: its prizes, odds and campaign state",
      description:
        "`wheel.game` says how the draw is revealed (`wheel`, `scratch` or `gift`); the spin call decides the result before any game shows it.",
      errors: [404, 429],
    },
    moved: movedWheelApiPath,
  },
  async ({ req, params }) => {
    await consume(LIMITS.publicRead(), clientIp(req.headers));
    const view = await publicWheelView(params.companySlug, params.wheel);
    const { name, total_spins, status, starts_at, ends_at, draw_mode, game, authorization_number, theme, rules_url } =
      view.wheel;
    return {
      wheel: { name, total_spins, status, starts_at, ends_at, draw_mode, game, authorization_number, theme, rules_url },
      products: view.products,
      no_prize: view.no_prize,
      stats: view.stats,
    };
  },
);
