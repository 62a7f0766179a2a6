// A local Nuvemshop API (https://tiendanube.github.io/api-documentation/resources/coupon): the token in
// `Authentication: bearer <token>` (not Authorization), a User-Agent required, `/{store_id}/...` paths,
// coupons with code, type (percentage | absolute | shipping), value, max_uses, end_date; errors as
// `{ code, message, description }`.
import { startFake } from "./server";

export const NUVEMSHOP_TOKEN = "nuvem-token-0123456789";
export const NUVEMSHOP_STORE = "123456";

export const startNuvemshop = () =>
  startFake((req, res, coupons) => {
    if (req.headers.authentication !== `bearer ${NUVEMSHOP_TOKEN}`)
      return res.json(401, { code: 401, message: "Unauthorized", description: "Invalid access token" });
    if (!req.headers["user-agent"])
      return res.json(400, { code: 400, message: "Bad Request", description: "User-Agent" });
    const m = req.path.match(/^\/(\d+)(\/.*)$/);
    if (!m || m[1] !== NUVEMSHOP_STORE) return res.json(404, { code: 404, message: "Not Found", description: "" });
    const path = m[2];
    if (req.method === "GET" && path === "/store")
      return res.json(200, { id: Number(NUVEMSHOP_STORE), name: { pt: "Loja" } });
    if (req.method === "POST" && path === "/coupons") {
      const b = req.body as Record<string, unknown>;
      if (typeof b?.code !== "string" || !["percentage", "absolute", "shipping"].includes(String(b.type)))
        return res.json(422, { code: 422, message: "Unprocessable Entity", description: { type: ["is invalid"] } });
      const id = String(coupons.size + 1000);
      coupons.set(id, { id: Number(id), ...b, used: 0, valid: true });
      return res.json(201, coupons.get(id));
    }
    const del = path.match(/^\/coupons\/(\d+)$/);
    if (req.method === "DELETE" && del) {
      if (!coupons.delete(del[1])) return res.json(404, { code: 404, message: "Not Found", description: "" });
      return res.json(200, {});
    }
    res.json(404, { code: 404, message: "Not Found", description: "" });
  });
