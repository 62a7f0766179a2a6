import { publicRoute } from "@/lib/http/route-wrapper";
import {
  callbackCaller,
  landOnLojas,
  codeParam,
  CONNECTED_PATH,
  redirectTo,
  stateParam,
} from "@/lib/stores/install/http";
import { nuvemshopCallback } from "@/lib/stores/install/nuvemshop";
import { LIMITS } from "@/lib/rate-limit";
import { z } from "@/lib/validation/z";

export const GET = landOnLojas(
  publicRoute(
    {
      doc: {
        summary: "Nuvemshop's install callback: exchanges the code and connects the store",
        description:
          "Must carry the session of the user who started the install; an unknown, used, expired or another " +
          "user's state answers 400 `INSTALL_STATE` and creates nothing. A second install of the same store " +
          "updates it. Then 302 to `/admin/integrations?loja=conectada`. A failure during a browser navigation " +
          "(Sec-Fetch-Mode: navigate) answers 302 to `/admin/integrations?loja=erro&motivo={code}` instead.",
        status: 302,
        produces: "none",
        errors: [409, 429],
      },
      limit: { limit: () => LIMITS.storeCallbackIp(), mode: "count" },
      query: z.object({ code: codeParam, state: stateParam }).loose(),
    },
    async ({ req, query }) => {
      await nuvemshopCallback(await callbackCaller(req), query.state, query.code);
      return redirectTo(CONNECTED_PATH);
    },
  ),
);
