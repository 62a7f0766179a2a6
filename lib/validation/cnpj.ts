// CNPJ (the promoter's tax id, shown on the rules page): 14 digits with valid check digits.
// Check digits and the mask come from @brazilian-utils/brazilian-utils (docs/decisions/campaigns.md "Campaign rules");
// the subpath imports keep the admin bundle to the two functions used.
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";

/** Digits and the usual mask characters only: anything else is not a CNPJ typed by a person. */
const TYPED = /^[\d.\-/\s]*$/;

export const normalizeCnpj = (s: string) => s.replace(/\D/g, "");

/** A CNPJ as typed (with or without mask) whose 14 digits carry valid check digits. */
export const isCnpj = (s: string) => TYPED.test(s) && normalizeCnpj(s).length === 14 && isValidCnpj(s);

/** 00.000.000/0000-00 while typing, and for display. */
export const maskCnpj = (s: string) => formatCnpj(normalizeCnpj(s).slice(0, 14));
