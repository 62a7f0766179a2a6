// The company profile as the client receives it.
import type { companyProfile } from "./profile";

export type CompanyProfileDto = Awaited<ReturnType<typeof companyProfile>>["company"];
