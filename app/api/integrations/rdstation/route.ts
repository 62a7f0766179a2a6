import { withSession } from "@/lib/http/route-wrapper";
import { getRdStation, putRdStation } from "@/lib/rdstation/service";
import { rdStationInput } from "@/lib/validation/rdstation";

export const GET = withSession(
  {
    doc: {
      summary: "RD Station Marketing: configured, last 4 of the key, on/off, last error (the key is never returned)",
    },
    permission: "manage_integrations",
  },
  ({ ctx }) => getRdStation(ctx),
);

export const PUT = withSession(
  {
    doc: {
      summary: "Save the RD Station Marketing API key (encrypted) and switch the integration on or off",
      description: "Every new lead with an e-mail is then sent to RD Station as a conversion, through the outbox.",
    },
    permission: "manage_integrations",
    body: rdStationInput,
  },
  ({ ctx, body }) => putRdStation(ctx, body),
);
