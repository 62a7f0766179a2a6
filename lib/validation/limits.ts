// Field limits shared by the zod schemas and the zod-free browser checks (public-rules.ts).
// No imports: a client bundle may take these without pulling zod in.
export const MAX_NAME = 255;
