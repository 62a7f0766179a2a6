import { withSession } from "@/lib/http/route-wrapper";
import { deleteUser, updateUser } from "@/lib/users/service";
import { userUpdateInput } from "@/lib/validation/users";
import { USER_MESSAGES } from "@/lib/copy/users";

export const PUT = withSession(
  {
    doc: { summary: "Update a staff member's name or role" },
    permission: "write_users",
    forbiddenMessage: USER_MESSAGES.onlyOwner,
    body: userUpdateInput,
  },
  ({ ctx, params, body }) => updateUser(ctx, params.id, body),
);

export const DELETE = withSession(
  {
    doc: { summary: "Remove a staff member from the company" },
    permission: "write_users",
    forbiddenMessage: USER_MESSAGES.onlyOwner,
  },
  ({ ctx, params }) => deleteUser(ctx, params.id),
);
