import { withSession } from "@/lib/http/api";
import { addCodes, listCodes, removeCodes } from "@/lib/products/codes";
import { codeListQuery, codesInput } from "@/lib/validation/codes";

export const GET = withSession(
  {
    doc: { summary: "A pool product's codes, with their status" },
    permission: "manage_products",
    query: codeListQuery,
  },
  ({ ctx, params, query }) => listCodes(ctx, params.id, query),
);

export const POST = withSession(
  {
    doc: { summary: "Add codes to a pool product (duplicates reported, not errors)" },
    permission: "manage_products",
    body: codesInput,
  },
  ({ ctx, params, body }) => addCodes(ctx, params.id, body.codes),
);

export const DELETE = withSession(
  { doc: { summary: "Remove unused codes from a pool product" }, permission: "manage_products", body: codesInput },
  ({ ctx, params, body }) => removeCodes(ctx, params.id, body.codes),
);
