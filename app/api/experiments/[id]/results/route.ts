import { experimentResults } from "@/lib/experiments/results";
import { withSession } from "@/lib/http/route-wrapper";
import { experimentResultsAnswer } from "@/lib/validation/experiments";

export const GET = withSession(
  {
    doc: {
      summary: "An experiment's results: per arm figures, P(best), uplift against the holdout, SRM, verdict (Pro)",
      response: experimentResultsAnswer,
      errors: [402, 404],
    },
    permission: "manage_experiments",
    replica: true,
  },
  ({ ctx, params }) => experimentResults(ctx, params.id),
);
