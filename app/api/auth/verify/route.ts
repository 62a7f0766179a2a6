import { verifySession } from "@/lib/auth/verify";
import { withSession } from "@/lib/http/api";

export const GET = withSession({}, ({ ctx }) => verifySession(ctx));
