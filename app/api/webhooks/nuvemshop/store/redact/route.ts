import { privacyRoute } from "@/lib/stores/install/http";

export const POST = privacyRoute("nuvemshop", "shop/redact");
