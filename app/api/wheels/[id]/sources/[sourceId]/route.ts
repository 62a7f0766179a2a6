import { withSession } from "@/lib/http/route-wrapper";
import { deleteSource } from "@/lib/sources/service";

// Its leads keep the source's id and name.
export const DELETE = withSession(
  { doc: { summary: "Delete a source (its leads keep their attribution)" }, permission: "manage_wheels" },
  ({ ctx, params }) => deleteSource(ctx, params.id, params.sourceId),
);
