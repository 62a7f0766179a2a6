// The visitor's form on the public wheel (spec section 5, Public form).
import { z } from "./z";
import { MAX_NAME } from "./common";

export const PUBLIC_MESSAGES = {
  required: "Todos os campos são obrigatórios",
  nameTooLong: "Nome deve ter no máximo 255 caracteres",
  consent: "Você deve aceitar os termos para continuar",
  whatsapp: "Informe um WhatsApp válido com DDD",
  birthdate: "Data de nascimento inválida",
  birthdateFuture: "A data de nascimento não pode ser no futuro",
  ageHint: "Você deve ter pelo menos 13 anos para participar",
  duplicate: "Este WhatsApp já foi utilizado nesta roleta.",
  notFound: "Roleta não encontrada",
  notFoundText: "A roleta que você está procurando não existe ou não está ativa.",
  soldOut: "Prêmios esgotados",
  soldOutText: "Todos os prêmios desta roleta já foram distribuídos. Obrigado pela participação!",
  noPrizes: "Esta roleta não possui prêmios disponíveis no momento",
  spinError: "Erro ao realizar o sorteio",
  won: "Parabéns! Você ganhou um prêmio!",
  loading: "Carregando roleta...",
} as const;

const m = PUBLIC_MESSAGES;

const todayIso = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" });

export const spinInput = z.object({
  name: z.string({ error: m.required }).trim().min(1, m.required).max(MAX_NAME, m.nameTooLong),
  whatsapp: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .max(30, m.whatsapp)
    .refine((s) => {
      const digits = s.replace(/\D/g, "").length;
      return digits >= 10 && digits <= 13;
    }, m.whatsapp),
  birthdate: z
    .string({ error: m.birthdate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.birthdate)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && s >= "1900-01-01", m.birthdate)
    .refine((s) => s <= todayIso(), m.birthdateFuture)
    .optional()
    .nullable()
    .or(z.literal("").transform(() => null)),
  consent: z.literal(true, { error: m.consent }),
});

export type SpinInput = z.infer<typeof spinInput>;

export const redeemInput = z.object({
  redemption_code: z.string({ error: "Informe o código de resgate" }).trim().min(4, "Informe o código de resgate").max(32, "Código inválido"),
});
