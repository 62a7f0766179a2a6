// /admin/resgatar: the counter screen (every role: redeem_prizes). A server component so that the
// units the signed-in person may hand prizes over in come with the page: an attendant may not list
// /units, and the picker must be there before the first code is typed.
import { Counter } from "@/components/redeem/counter";
import { PageHeader } from "@/components/ui/misc";
import { pageSession } from "@/lib/auth/page-session";
import { can } from "@/lib/auth/permissions";
import { counterUnitChoices } from "@/lib/redemption/units";

export default async function RedeemPage() {
  const ctx = await pageSession();
  // Signed out or not allowed: the admin shell sends the visitor on; the counter offers no unit.
  const units = ctx && can(ctx.role, "redeem_prizes") ? await counterUnitChoices(ctx) : null;
  return (
    <>
      <PageHeader title="Resgatar prêmio" description="Confira o código do participante e entregue o prêmio." />
      <Counter units={units} />
    </>
  );
}
