// The pagination block of every list answer (docs/api.md "Conventions").
export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
