import { login } from "@/lib/auth/login";
import { clientIp } from "@/lib/http/client-ip";
import { publicRoute } from "@/lib/http/api";
import { loginInput } from "@/lib/validation/auth";

export const POST = publicRoute({ body: loginInput }, ({ req, body }) => login(body, clientIp(req.headers)));
