// Toast timings: 4 s default, 3 s success, 5 s error.
import { toast } from "sonner";

export const notify = {
  success: (message: string) => toast.success(message, { duration: 3000 }),
  error: (message: string) => toast.error(message, { duration: 5000 }),
  info: (message: string, duration = 4000) => toast(message, { duration }),
};
