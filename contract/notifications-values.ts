/** The notification mails a member chooses about, by the preference that holds each (zod-free, for components). */
export const mailEvents = ["messages", "likes", "matches"] as const;
export type MailEvent = (typeof mailEvents)[number];
