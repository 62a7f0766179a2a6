import { withSession } from "@/lib/http/route-wrapper";
import { addCodes, listCodes, removeCodes } from "@/lib/products/codes";
import { codeListQuery, codesInput } from "@/lib/validation/codes";

export const GET = withSession(
  {
    doc: {
      summary: "A pool product's codes, with their status",
      description:
        "`{ codes: [{ code, status, spin_id, assigned_at }], pagination, summary: { total, available, assigned } }`.",
    },
    permission: "manage_products",
    query: codeListQuery,
  },
  ({ ctx, params, query }) => listCodes(ctx, params.id, query),
);

export const POST = withSession(
  {
    doc: {
      summary: "Add codes to a pool product (duplicates reported, not errors)",
      description:
        "1..10,000 codes of 3..64 `A-Z a-z 0-9 _ -`. Answers `{ added, duplicates: [codes not added], summary }`; " +
        "a product that is not a pool answers 400 `NOT_POOL`. Its stock becomes its available codes.",
    },
    permission: "manage_products",
    body: codesInput,
  },
  ({ ctx, params, body }) => addCodes(ctx, params.id, body.codes),
);

export const DELETE = withSession(
  {
    doc: {
      summary: "Remove unused codes from a pool product",
      description: "Removes the listed codes still available (assigned ones stay). Answers `{ removed, summary }`.",
    },
    permission: "manage_products",
    body: codesInput,
  },
  ({ ctx, params, body }) => removeCodes(ctx, params.id, body.codes),
);
