import { signup } from "@/lib/auth/signup";
import { publicRoute } from "@/lib/http/route-wrapper";
import { signupInput } from "@/lib/validation/auth";

export const POST = publicRoute(
  { doc: { summary: "Create a company and its owner", status: 201, errors: [409] }, body: signupInput },
  ({ body }) => signup(body),
);
