import { withSession } from "@/lib/http/api";
import { getProfile, updateProfile } from "@/lib/profile/service";
import { profileInput } from "@/lib/validation/profile";

export const GET = withSession({}, ({ ctx }) => getProfile(ctx));

export const PUT = withSession({ body: profileInput }, ({ ctx, body }) => updateProfile(ctx, body.name));
