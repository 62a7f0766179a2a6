import { deleteExperiment, getExperiment, updateExperiment } from "@/lib/experiments/service";
import { withSession } from "@/lib/http/route-wrapper";
import { experimentAnswer, experimentInput } from "@/lib/validation/experiments";
import { z } from "@/lib/validation/z";

const one = z.object({ experiment: experimentAnswer });

export const GET = withSession(
  { doc: { summary: "One experiment (Pro)", response: one, errors: [402, 404] }, permission: "manage_experiments" },
  ({ ctx, params }) => getExperiment(ctx, params.id),
);

export const PUT = withSession(
  {
    doc: {
      summary: "Edit an experiment (Pro)",
      description: "Once started only the name may change: anything else answers 409 `EXPERIMENT_RUNNING`.",
      response: one,
      errors: [402, 404, 409],
    },
    permission: "manage_experiments",
    body: experimentInput,
  },
  ({ ctx, params, body }) => updateExperiment(ctx, params.id, body),
);

export const DELETE = withSession(
  {
    doc: {
      summary: "Delete an experiment (Pro)",
      description: "Its exposures go with it; its leads stay, without the experiment.",
      errors: [402, 404],
    },
    permission: "manage_experiments",
  },
  ({ ctx, params }) => deleteExperiment(ctx, params.id),
);
