// The public view of a wheel for its pages (/w/... and /embed/...), read once per request: the embed
// page and the public page it renders share the answer (React's per-request cache). Null when no
// active wheel answers at that address.
import { cache } from "react";
import { AppError } from "@/lib/errors";
import { rememberPageCompany } from "@/lib/public-page/html-cache";
import { publicWheelView } from "./public-view";

export const publicWheelPageView = cache(async (companySlug: string, slug: string) => {
  try {
    return await publicWheelView(companySlug, slug, new Date(), (companyId) =>
      rememberPageCompany(companySlug, slug, companyId),
    );
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
});
