// Runs once when a server starts. Everything it does needs Node (the database, sockets, the webhook
// worker), so it lives in instrumentation-node.ts behind the one check bundlers understand: the
// literal `process.env.NEXT_RUNTIME` comparison (with next.config.mjs, the only reads of process.env outside lib/env.ts)
// lets the edge bundle drop that import, where `env().NEXT_RUNTIME` would pull the database into it.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).startNodeServer();
}
