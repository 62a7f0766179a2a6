import { withSession } from "@/lib/http/route-wrapper";
import { exportPerson } from "@/lib/lgpd/service";
import { json } from "@/lib/http/respond";
import { lgpdInput } from "@/lib/validation/leads";

export const GET = withSession(
  { doc: { summary: "Download a person's data as JSON" }, permission: "manage_lgpd", query: lgpdInput },
  async ({ ctx, query }) =>
    json(await exportPerson(ctx, query.whatsapp), 200, {
      "content-disposition": 'attachment; filename="dados-titular.json"',
    }),
);
