// zod with Brazilian Portuguese default messages: any message a schema does not set itself
// (a number where text was expected, say) still reaches the user in pt-BR. Import z from here.
import { z } from "zod";
import { ptBR } from "zod/locales";

z.config(ptBR());

export { z };
