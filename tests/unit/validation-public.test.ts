// The visitor's form: the browser's zod-free checks (public-rules.ts) and the spin route's zod
// schema (public.ts) must give the same pt-BR message for the same field, whatever is typed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spinInput } from "@/lib/validation/public";
import {
  isCpf,
  isEmail,
  maskCpf,
  spinFormErrors,
  todayIso,
  visitorFormErrors,
  type SpinForm,
  type VisitorFormConfig,
} from "@/lib/validation/public-rules";
import { PUBLIC_MESSAGES as M } from "@/lib/copy/public-rules";

/** The route's answer for a form: each field's first message, as fromZodError builds it. */
function routeErrors(form: SpinForm): Record<string, string> {
  const parsed = spinInput.safeParse(form);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) fields[issue.path.join(".") || "_"] ??= issue.message;
  return fields;
}

const ok: SpinForm = { name: "Ana Souza", whatsapp: "(11) 98765-4321", birthdate: "", consent: true };

describe("public wheel form rules", () => {
  it("accepts a valid form, with or without a birthdate", () => {
    expect(spinFormErrors(ok)).toEqual({});
    expect(spinFormErrors({ ...ok, birthdate: "1990-05-17" })).toEqual({});
    expect(spinFormErrors({ ...ok, birthdate: null })).toEqual({});
    expect(spinFormErrors({ ...ok, birthdate: todayIso() })).toEqual({});
  });

  it("gives the messages, first problem first", () => {
    const first = (form: SpinForm) => Object.values(spinFormErrors(form))[0];
    expect(first({ ...ok, name: "   " })).toBe("Informe seu nome");
    expect(first({ ...ok, name: "a".repeat(256) })).toBe("Nome deve ter no máximo 255 caracteres");
    expect(first({ ...ok, whatsapp: "" })).toBe("Informe seu WhatsApp");
    expect(first({ ...ok, whatsapp: "12345" })).toBe("Informe um WhatsApp válido com DDD");
    expect(first({ ...ok, whatsapp: "1".repeat(31) })).toBe("Informe um WhatsApp válido com DDD");
    expect(first({ ...ok, birthdate: "17/05/1990" })).toBe("Data de nascimento inválida");
    expect(first({ ...ok, birthdate: "1899-12-31" })).toBe("Data de nascimento inválida");
    expect(first({ ...ok, birthdate: "2999-01-01" })).toBe("A data de nascimento não pode ser no futuro");
    expect(first({ ...ok, consent: false })).toBe("Você deve aceitar os termos para continuar");
    expect(first({ name: "", whatsapp: "", consent: false })).toBe(M.nameRequired);
  });

  it("agrees with the spin route's zod schema field by field", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        "",
        "  ",
        "(11) 98765-4321",
        "+55 11 98765-4321",
        "5511987654321",
        "119876543",
        "55119876543210",
        "a".repeat(255),
        ` ${"a".repeat(255)} `,
        "a".repeat(256),
      ),
      fc.stringMatching(/^[\d ()+-]{0,35}$/),
    );
    const birthdate = fc.oneof(
      fc.constantFrom(
        undefined,
        null,
        "",
        "1900-01-01",
        "1899-12-31",
        "2000-02-30",
        "2000-13-01",
        "1990-5-17",
        "2999-01-01",
        todayIso(),
        " 1990-05-17",
      ),
      fc
        .date({ min: new Date("1850-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.record({ name: text, whatsapp: text, birthdate, consent: fc.boolean() }), (form) => {
        expect(spinFormErrors(form)).toEqual(routeErrors(form));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the visitor's form fields (issue 28)", () => {
  const config: VisitorFormConfig = {
    fields: { email: "required", cpf: "optional" },
    questions: [
      { id: "loja", label: "Loja", type: "select", options: ["Centro", "Shopping"], required: true },
      { id: "como", label: "Como", type: "text", required: false },
    ],
  };

  it("checks a CPF's check digits and refuses one repeated digit, with or without the mask", () => {
    expect(isCpf("529.982.247-25")).toBe(true);
    expect(isCpf("52998224725")).toBe(true);
    expect(isCpf("529.982.247-24")).toBe(false);
    for (let d = 0; d <= 9; d++) expect(isCpf(String(d).repeat(11))).toBe(false);
    expect(isCpf("529982247a5")).toBe(false);
    expect(isCpf("5299822472")).toBe(false);
  });

  it("masks a CPF as typed", () => {
    expect(maskCpf("529")).toBe("529");
    expect(maskCpf("5299")).toBe("529.9");
    expect(maskCpf("529982247")).toBe("529.982.247");
    expect(maskCpf("52998224725")).toBe("529.982.247-25");
    expect(maskCpf("529.982.247-2599")).toBe("529.982.247-25");
  });

  it("asks what the wheel requires, the same way the spin route does", () => {
    const form = { ...ok, email: "", cpf: "", answers: {} };
    expect(visitorFormErrors(form, config)).toEqual({ email: M.emailRequired, "answers.loja": M.answerRequired });
    expect(
      visitorFormErrors({ ...form, email: "ana@", cpf: "111.111.111-11", answers: { loja: "Praia" } }, config),
    ).toEqual({ email: M.email, cpf: M.cpf, "answers.loja": M.answerOption });
    expect(
      visitorFormErrors(
        { ...form, email: "ana@exemplo.com.br", answers: { loja: "Centro", como: "x".repeat(201) } },
        config,
      ),
    ).toEqual({ "answers.como": M.answerTooLong });
    expect(visitorFormErrors({ ...form, email: "ana@exemplo.com.br", answers: { loja: "Centro" } }, config)).toEqual(
      {},
    );
    // The route's schema gives the shape errors the same words.
    expect(routeErrors({ ...ok, email: "ana@", cpf: "111.111.111-11" } as SpinForm)).toMatchObject({
      email: M.email,
      cpf: M.cpf,
    });
  });
});

describe("a wheel's select question (issue 38)", () => {
  it("says when repeats are what leaves fewer than 2 options", async () => {
    const {
      questionFormInput,
      questionInput,
      VISITOR_FORM_MESSAGES: V,
    } = await import("@/lib/validation/visitor-form");
    const row = { label: "Loja?", type: "select" as const, options_text: "Centro\nCentro", required: true };
    expect(questionFormInput.safeParse(row).error?.issues[0].message).toBe(V.duplicateOptions);
    expect(questionFormInput.safeParse({ ...row, options_text: "Centro" }).error?.issues[0].message).toBe(V.options);
    const api = { label: "Loja?", type: "select" as const, options: ["A", "A"] };
    expect(questionInput.safeParse(api).error?.issues[0].message).toBe(V.duplicateOptions);
  });
});

describe("the visitor's e-mail is one plain address (issue 49)", () => {
  // Each of these passed the old check and reached the same mailbox through nodemailer.
  const smuggled = [
    "Ana<victim@example.com>",
    "Ana <victim@example.com>",
    '"victim"@example.com',
    "victim@example.com,",
    "victim@example.com;",
    "victim@example.com,outro@example.com",
    "(nota)victim@example.com",
    "victim@[127.0.0.1]",
    "victim\\@example.com",
    "victim:x@example.com",
  ];

  it("refuses display names, quotes, angle brackets, lists and comments, browser and route alike", () => {
    for (const email of smuggled) {
      expect(isEmail(email), email).toBe(false);
      expect(routeErrors({ ...ok, email }).email, email).toBe(M.email);
    }
  });

  it("still takes plain addresses, with a tag, an apostrophe or a hyphenated domain", () => {
    for (const email of ["ana.souza+roleta@exemplo.com.br", "o'neil@x-y.com", "joão@exemplo.com.br", "a_b-c@e.io"])
      expect(isEmail(email), email).toBe(true);
  });
});
