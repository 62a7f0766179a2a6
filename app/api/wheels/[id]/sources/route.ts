import { withSession } from "@/lib/http/route-wrapper";
import { createSource, listSources } from "@/lib/sources/service";
import { sourceAnswer, sourceInput } from "@/lib/validation/sources";
import { z } from "@/lib/validation/z";

export const GET = withSession(
  {
    doc: {
      summary: "A wheel's sources (placements), each with its key and URL",
      response: z.object({ sources: z.array(sourceAnswer) }),
    },
    permission: "view_wheels",
  },
  ({ ctx, params }) => listSources(ctx, params.id),
);

export const POST = withSession(
  {
    doc: { summary: "Create a source for a wheel", status: 201, response: z.object({ source: sourceAnswer }) },
    permission: "manage_wheels",
    body: sourceInput,
  },
  ({ ctx, params, body }) => createSource(ctx, params.id, body),
);
