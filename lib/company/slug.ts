// Slugs: lowercase, accents removed, other characters dropped, spaces to hyphens.
export function slugify(text: string, maxLength = 50): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, "");
}

/** A company slug that is valid (3..50) even for very short or symbol-only names. */
export function baseCompanySlug(name: string): string {
  const s = slugify(name, 44);
  return s.length >= 3 ? s : `empresa${s ? `-${s}` : ""}`;
}
