import { withSession } from "@/lib/http/api";
import { wheelQrPng } from "@/lib/wheels/qr";

export const GET = withSession({ permission: "view_wheels" }, ({ ctx, params }) => wheelQrPng(ctx, params.id));
