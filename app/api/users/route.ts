import { withSession } from "@/lib/http/api";
import { json } from "@/lib/http/respond";
import { createUser, listUsers } from "@/lib/users/service";
import { USER_MESSAGES, userCreateInput, userListQuery } from "@/lib/validation/users";

export const GET = withSession(
  { permission: "manage_users", forbiddenMessage: USER_MESSAGES.noAccess, query: userListQuery },
  ({ ctx, query }) => listUsers(ctx, query.search),
);

export const POST = withSession(
  { permission: "write_users", forbiddenMessage: USER_MESSAGES.onlyOwner, body: userCreateInput },
  async ({ ctx, body }) => json(await createUser(ctx, body), 201),
);
