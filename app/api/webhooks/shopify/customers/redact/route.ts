import { privacyRoute } from "@/lib/stores/install/http";

export const POST = privacyRoute("shopify", "customers/redact");
