"use client";
// /admin/resgatar: the counter screen (every role: redeem_prizes).
import { Counter } from "@/components/redeem/counter";
import { PageHeader } from "@/components/ui/misc";

export default function RedeemPage() {
  return (
    <>
      <PageHeader title="Resgatar prêmio" description="Confira o código do participante e entregue o prêmio." />
      <Counter />
    </>
  );
}
