// zod with Brazilian Portuguese default messages: any message a schema does not set itself
// (a number where text was expected, say) still reaches the user in pt-BR. Import z from here.
import { z } from "zod";
import { ptBR } from "zod/locales";

z.config(ptBR());
// In the browser, no JIT: zod probes for eval with `new Function("")`, which the page's strict
// CSP blocks and reports as a violation (a console error on every page with a form).
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
