import { verifySession } from "@/lib/auth/verify";
import { withSession } from "@/lib/http/route-wrapper";

export const GET = withSession({ doc: { summary: "The signed-in user and the companies available" } }, ({ ctx }) =>
  verifySession(ctx),
);
