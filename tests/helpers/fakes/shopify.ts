// A local Shopify Admin GraphQL API (https://shopify.dev/docs/api/admin-graphql): POST
// /admin/api/{version}/graphql.json with `X-Shopify-Access-Token`; a bad token answers 401
// `{ errors: "[API] Invalid API key or access token ..." }`; discountCodeBasicCreate,
// discountCodeFreeShippingCreate and discountCodeDelete answer `{ data: { <mutation>: { ..., userErrors } } }`.
import { startFake } from "./server";

export const SHOPIFY_TOKEN = "shpat_fake0123456789";

export const startShopify = () =>
  startFake((req, res, coupons) => {
    if (req.headers["x-shopify-access-token"] !== SHOPIFY_TOKEN)
      return res.json(401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
    if (req.method !== "POST" || !/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(req.path))
      return res.json(404, { errors: "Not Found" });
    const { query, variables } = req.body as { query: string; variables: Record<string, unknown> };
    if (/shop\s*\{\s*name/.test(query)) return res.json(200, { data: { shop: { name: "Loja" } } });
    const create = query.match(/(discountCodeBasicCreate|discountCodeFreeShippingCreate)\(/);
    if (create) {
      const d = variables.d as Record<string, unknown>;
      if (typeof d?.code !== "string" || !d.title)
        return res.json(200, {
          data: {
            [create[1]]: { codeDiscountNode: null, userErrors: [{ field: ["code"], message: "Code is invalid" }] },
          },
        });
      const id = `gid://shopify/DiscountCodeNode/${coupons.size + 1}`;
      coupons.set(id, { id, mutation: create[1], ...d });
      return res.json(200, { data: { [create[1]]: { codeDiscountNode: { id }, userErrors: [] } } });
    }
    if (/discountCodeDelete\(/.test(query)) {
      const id = String(variables.id);
      const found = coupons.delete(id);
      return res.json(200, {
        data: {
          discountCodeDelete: found
            ? { deletedCodeDiscountId: id, userErrors: [] }
            : { deletedCodeDiscountId: null, userErrors: [{ message: "Discount does not exist" }] },
        },
      });
    }
    res.json(200, { errors: [{ message: "Field doesn't exist", extensions: { code: "undefinedField" } }] });
  });
