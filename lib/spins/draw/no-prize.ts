// The id of the "no prize" outcome among the draw's items and the wheel's slices (never a
// product id: those are UUIDs). Its own module: the public wheel's island imports it too.
export const NO_PRIZE = "no-prize";
