import { withSession } from "@/lib/http/route-wrapper";
import { createDevice, listDevices } from "@/lib/devices/service";
import { createdDeviceAnswer, deviceAnswer, deviceInput } from "@/lib/validation/devices";
import { z } from "@/lib/validation/z";

export const GET = withSession(
  {
    doc: {
      summary: "A wheel's devices (totems and big screens), without their tokens",
      response: z.object({ devices: z.array(deviceAnswer) }),
    },
    permission: "manage_wheels",
  },
  ({ ctx, params }) => listDevices(ctx, params.id),
);

export const POST = withSession(
  {
    doc: {
      summary: "Create a totem or big-screen device: its link (with the token) is shown only in this answer",
      status: 201,
      response: createdDeviceAnswer,
    },
    permission: "manage_wheels",
    body: deviceInput,
  },
  ({ ctx, params, body }) => createDevice(ctx, params.id, body),
);
