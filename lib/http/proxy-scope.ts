// Which requests proxy.ts runs for. Its matcher (a literal Next reads at build time) leaves out
// static files, the incoming webhooks and the visitor's spin; this is the spin's half of that rule,
// for the code that must know it: the route wrapper gives the spin's answers the headers the proxy
// gives every other answer, and the server's hook knows the spin by it (lib/http/overload.ts).
// Why the spin skips the proxy: for a request with a body Next tees the body and runs the proxy
// before the route, which cost the spin about a quarter of its server thread (bench:spin 347 -> 491
// spins a second, docs/performance.md "The spin without the proxy (issue 55, item 3)").

/** The visitor's spin: POST /api/public/{company}/wheels/{wheel}/spin. */
export const SPIN_PATH = /^\/api\/public\/[^/]+\/wheels\/[^/]+\/spin\/?$/;

/** A request proxy.ts does not run for, whose answer gets its headers from the route wrapper. */
export const skipsProxy = (pathname: string) => SPIN_PATH.test(pathname);
