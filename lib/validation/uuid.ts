// The shape of a UUID (any version, any case), without zod: a wheel addressed by its id or its
// slug, a Kiwify order's field. (Route inputs use common.ts's zod `uuid`, which is stricter.)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
