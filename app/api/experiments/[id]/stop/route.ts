import { moveExperiment } from "@/lib/experiments/service";
import { withSession } from "@/lib/http/route-wrapper";
import { experimentAnswer } from "@/lib/validation/experiments";
import { z } from "@/lib/validation/z";

export const POST = withSession(
  {
    doc: {
      summary: "Stop a running experiment (Pro)",
      response: z.object({ experiment: experimentAnswer }),
      errors: [402, 404, 409],
    },
    permission: "manage_experiments",
  },
  ({ ctx, params }) => moveExperiment(ctx, params.id, "stopped"),
);
