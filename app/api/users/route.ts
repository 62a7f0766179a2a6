import { withSession } from "@/lib/http/route-wrapper";
import { createUser, listUsers } from "@/lib/users/service";
import { userCreateInput, userListQuery } from "@/lib/validation/users";
import { USER_MESSAGES } from "@/lib/copy/users";

export const GET = withSession(
  {
    doc: { summary: "The company's staff" },
    permission: "view_users",
    forbiddenMessage: USER_MESSAGES.noAccess,
    query: userListQuery,
  },
  ({ ctx, query }) => listUsers(ctx, query.search),
);

export const POST = withSession(
  {
    doc: { summary: "Create a staff account", status: 201, errors: [409] },
    permission: "write_users",
    forbiddenMessage: USER_MESSAGES.onlyOwner,
    body: userCreateInput,
  },
  ({ ctx, body }) => createUser(ctx, body),
);
