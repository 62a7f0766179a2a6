// What the visitor sent at 'Começar' (play.tsx keeps it, flow.ts reads and sends it), and the name
// prefix of the form's question fields. Its own module: the page's first load imports it.
import type { SpinForm } from "@/lib/validation/public-rules";

/** The form as read at 'Começar': the wheel greets the visitor with it and the spin carries it. */
export type Entered = SpinForm & { birthdate: string; answers: Record<string, string> };

/** A question's field is named `answers.<question id>`. */
export const ANSWER = "answers.";
