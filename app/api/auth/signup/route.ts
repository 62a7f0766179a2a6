import { signup } from "@/lib/auth/signup";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { signupInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  {
    doc: { summary: "Create a company and its owner (5 an hour per address)", status: 201, errors: [409, 429] },
    body: signupInput,
    // Each attempt counts, taken or not (a sign-up costs a bcrypt hash and makes a 14-day trial),
    // before the body is read.
    limit: { limit: LIMITS.signupIp, mode: "count" },
  },
  ({ body }) => signup(body),
);
