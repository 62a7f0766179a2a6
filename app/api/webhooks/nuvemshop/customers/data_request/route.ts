import { privacyRoute } from "@/lib/lgpd/store-requests";

export const POST = privacyRoute("nuvemshop", "customers/data_request");
