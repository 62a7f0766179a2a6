import { assertSignupOpen, signup } from "@/lib/auth/signup";
import { publicRoute } from "@/lib/http/route-wrapper";
import { LIMITS } from "@/lib/rate-limit";
import { signupInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  {
    doc: {
      summary: "Create a company and its owner (5 an hour per address; 403 SIGNUP_CLOSED with SIGNUP=invite)",
      status: 201,
      errors: [403, 409, 429],
    },
    body: signupInput,
    // Each attempt counts, taken or not (a sign-up costs a bcrypt hash and makes a 14-day trial),
    // before the body is read.
    limit: { limit: LIMITS.signupIp, mode: "count" },
  },
  ({ body }) => {
    // Closed (SIGNUP=invite): only invitations create accounts.
    assertSignupOpen();
    return signup(body);
  },
);
