// The CPF box's mask on the public wheel's form. Its own module: the page's first load imports it,
// while the form's checks (public-rules.ts) load only after hydration (components/public-wheel/flow.ts).

/** 000.000.000-00 as the visitor types (the CPF box's mask). */
export function maskCpf(s: string): string {
  const d = s.replace(/\D/g, "").slice(0, 11);
  return (
    [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join(".") + (d.length > 9 ? `-${d.slice(9)}` : "")
  );
}
