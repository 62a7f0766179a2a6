// The reminder job's kind name, apart from its runner (lib/reminders/jobs.ts) so the redemption
// path and the lead lists can name it without loading the sending code. Also in migration
// 20261128050000's trigger.
export const REMINDER_SEND = "reminder.send";
export const MAIL_PRIZE = "mail.prize";
