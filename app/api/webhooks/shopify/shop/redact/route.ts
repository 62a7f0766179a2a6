import { privacyRoute } from "@/lib/lgpd/store-requests";

export const POST = privacyRoute("shopify", "shop/redact");
