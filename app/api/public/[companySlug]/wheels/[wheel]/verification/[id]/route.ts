import { publicRoute } from "@/lib/http/route-wrapper";
import { verificationStatus } from "@/lib/whatsapp/verification";

export const GET = publicRoute(
  {
    doc: { summary: "A verification's state: pending, verified or expired (the page polls it)", errors: [404] },
  },
  ({ params }) => verificationStatus(params.companySlug, params.wheel, params.id),
);
