// Server modules import "server-only" (lib/db/client.ts, lib/http/route-wrapper.ts, the services),
// which throws unless it is resolved with the react-server condition, as Next.js does for route
// handlers and server components. The scripts run those modules in plain Node (tsx): this hook
// resolves that one package with the react-server condition (its empty module) and leaves every
// other import alone (starting Node with --conditions=react-server would also hand the scripts
// React's server build, which breaks next/navigation).
// Usage: tsx --import ./scripts/lib/server-only-off.mjs scripts/<script>.ts
import { register } from "node:module";

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier !== "server-only") return next(specifier, context);
  return next(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
