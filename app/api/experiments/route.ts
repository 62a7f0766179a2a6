import { createExperiment, listExperiments } from "@/lib/experiments/service";
import { withSession } from "@/lib/http/route-wrapper";
import { experimentAnswer, experimentInput } from "@/lib/validation/experiments";
import { z } from "@/lib/validation/z";

export const GET = withSession(
  {
    doc: {
      summary: "The company's experiments (A/B/n of wheels with a holdout; Pro)",
      response: z.object({ experiments: z.array(experimentAnswer) }),
      errors: [402],
    },
    permission: "manage_experiments",
  },
  ({ ctx }) => listExperiments(ctx),
);

export const POST = withSession(
  {
    doc: {
      summary: "Create an experiment in draft (Pro)",
      description:
        "2 to 5 arms with distinct keys, integer weights summing to 100, at most one holdout (`wheel_id: null`). " +
        "A wheel of another company answers 404; a key already used, 409; on the Free plan, 402 `PLAN_LIMIT`.",
      status: 201,
      response: z.object({ experiment: experimentAnswer }),
      errors: [402, 404, 409],
    },
    permission: "manage_experiments",
    body: experimentInput,
  },
  ({ ctx, body }) => createExperiment(ctx, body),
);
