// The two texts of PUBLIC_MESSAGES (public-rules.ts) the public wheel's form shows before anything
// is sent: its own module, so the page's first load carries these and not the whole table (the
// rest loads with the form's checks, components/public-wheel/flow.ts).
export const AGE_HINT = "Você deve ter pelo menos 13 anos para participar";
export const LOADING = "Carregando roleta...";
