import { privacyRoute } from "@/lib/stores/install/http";

export const POST = privacyRoute("nuvemshop", "customers/data_request");
