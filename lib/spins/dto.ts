// A spin (lead) as the API shows it (docs/api.md "Conventions").
import type { Spin } from "@/lib/generated/prisma/client";
import { answersOf, maskedCpf } from "./visitor-fields";
import { redemptionStatus } from "./validity";
import { redemptionDto } from "./redemption-dto";

export type MessageStatus = "queued" | "sent" | "delivered" | "read" | "failed";

export function spinDto(s: Spin) {
  return {
    id: s.id,
    customer_name: s.customerName,
    whatsapp: s.whatsapp,
    // The visitor's form (docs/api.md "The visitor's form (issue 28)"): the CPF only masked.
    email: s.email,
    cpf: maskedCpf(s.cpfLast2),
    answers: answersOf(s.answers),
    customer_birthdate: s.customerBirthdate ? s.customerBirthdate.toISOString().slice(0, 10) : null,
    wheel_id: s.wheelId,
    wheel_name: s.wheelName,
    product_id: s.productId,
    product_name: s.productName,
    has_won: s.won,
    created_at: s.createdAt.toISOString(),
    redemption_code: s.redemptionCode,
    redeemed_at: s.redeemedAt ? s.redeemedAt.toISOString() : null,
    // Who, where and how it was redeemed (docs/api.md "Redemptions (issue 39)"), null while it waits.
    redemption: redemptionDto(s),
    source_id: s.sourceId,
    source_name: s.sourceName,
    utm_source: s.utmSource,
    utm_medium: s.utmMedium,
    utm_campaign: s.utmCampaign,
    // The totem or big screen it was played on (its name: lib/leads/devices.ts, in the lead lists).
    device_id: s.deviceId,
    // The experiment and arm it was played in (docs/api.md "Experiments"), null outside one.
    experiment: s.experimentKey && s.experimentArm ? { key: s.experimentKey, arm: s.experimentArm } : null,
    redeem_until: s.won && s.redeemUntil ? s.redeemUntil.toISOString() : null,
    redemption_status: redemptionStatus(s),
    // WhatsApp (docs/api.md "WhatsApp (issue 27)"): the number was proven; the prize message's state.
    whatsapp_verified: s.whatsappVerified,
    message_status: s.messageStatus as MessageStatus | null,
  };
}

export type SpinDto = ReturnType<typeof spinDto>;
