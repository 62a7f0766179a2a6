import { describe, expect, it } from "vitest";
import { forgotPasswordInput, loginInput, resetPasswordForm, signupForm } from "@/lib/validation/auth";

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("auth validation messages", () => {
  it("login requires both fields", () => {
    expect(firstError(loginInput.safeParse({ email: "", password: "x" }))).toBe("Todos os campos são obrigatórios");
    expect(firstError(loginInput.safeParse({ email: "a@b.com" }))).toBe("Todos os campos são obrigatórios");
    expect(loginInput.parse({ email: " A@B.COM ", password: "x" }).email).toBe("a@b.com");
  });

  it("signup: required, length, confirmation, 72-byte cap", () => {
    const ok = {
      companyName: "Loja",
      name: "Ana",
      email: "ana@loja.com",
      password: "123456",
      confirmPassword: "123456",
    };
    expect(signupForm.safeParse(ok).success).toBe(true);
    expect(firstError(signupForm.safeParse({ ...ok, name: "  " }))).toBe("Todos os campos são obrigatórios");
    expect(firstError(signupForm.safeParse({ ...ok, password: "12345", confirmPassword: "12345" }))).toBe(
      "A senha deve ter pelo menos 6 caracteres",
    );
    expect(firstError(signupForm.safeParse({ ...ok, confirmPassword: "654321" }))).toBe("As senhas não coincidem");
    const long = "a".repeat(73);
    expect(firstError(signupForm.safeParse({ ...ok, password: long, confirmPassword: long }))).toBe(
      "A senha deve ter no máximo 72 bytes",
    );
    const seventyTwo = "a".repeat(72);
    expect(signupForm.safeParse({ ...ok, password: seventyTwo, confirmPassword: seventyTwo }).success).toBe(true);
  });

  it("forgot password: required and pattern", () => {
    expect(firstError(forgotPasswordInput.safeParse({ email: "" }))).toBe("Por favor, informe seu email");
    expect(firstError(forgotPasswordInput.safeParse({ email: "nao-email" }))).toBe(
      "Por favor, informe um email válido",
    );
  });

  it("reset password: minimum and confirmation", () => {
    expect(firstError(resetPasswordForm.safeParse({ newPassword: "123", confirmPassword: "123" }))).toBe(
      "A senha deve ter no mínimo 6 caracteres",
    );
    expect(firstError(resetPasswordForm.safeParse({ newPassword: "123456", confirmPassword: "1234567" }))).toBe(
      "As senhas não coincidem",
    );
  });
});
