// Field limits shared by the zod schemas and the zod-free browser checks (public-rules.ts).
// No imports: a client bundle may take these without pulling zod in.
export const MAX_NAME = 255;
/** The visitor's form (docs/api.md "The visitor's form (issue 28)"). */
export const MAX_EMAIL = 254;
export const MAX_ANSWER = 200;
export const MAX_QUESTIONS = 3;
