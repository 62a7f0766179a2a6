import { withSession } from "@/lib/http/route-wrapper";
import { getProfile, updateProfile } from "@/lib/profile/service";
import { profileInput } from "@/lib/validation/profile";

export const GET = withSession({ doc: { summary: "The signed-in person's profile" } }, ({ ctx }) => getProfile(ctx));

export const PUT = withSession(
  { doc: { summary: "Update the signed-in person's name" }, body: profileInput },
  ({ ctx, body }) => updateProfile(ctx, body.name),
);
