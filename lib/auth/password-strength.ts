// Password strength meter: under 6 weak, 6 to 9 medium, 10 or more strong.
export type Strength = "weak" | "medium" | "strong";

export function passwordStrength(password: string): Strength {
  if (password.length >= 10) return "strong";
  if (password.length >= 6) return "medium";
  return "weak";
}

export const STRENGTH_LABEL: Record<Strength, string> = { weak: "Fraca", medium: "Média", strong: "Forte" };
