// The texts the public wheel's form shows before anything is sent: its own module, so the page's
// first load carries these and not the whole PUBLIC_MESSAGES table (the rest loads with the form's
// checks, components/public-wheel/flow.ts). The longer ones reach the form as props from the server
// (components/public-wheel/play-props.ts), so they weigh on the HTML, not on the page's JavaScript.
export const AGE_HINT = "Você deve ter pelo menos 13 anos para participar";
export const LOADING = "Carregando roleta...";

export const CONSENT_TEXT =
  "Concordo que meus dados sejam usados exclusivamente para este sorteio, conforme a LGPD (Lei Geral de Proteção de Dados).";
export const CPF_HINT_ONE_PLAY = "Pedimos o CPF só para garantir uma participação por pessoa; ele é guardado cifrado.";
export const CPF_HINT = "Seu CPF é guardado cifrado e usado só nesta promoção.";
