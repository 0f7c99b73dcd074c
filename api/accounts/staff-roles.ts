import type { Db } from "../db/database";

/** The roles of users.role (api/db/schema.ts). */
export const roles = ["member", "moderator", "admin"] as const;
export type Role = (typeof roles)[number];

export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

/**
 * Gives the accounts with this address the role (on every site where it has one): moderator reaches /moderation,
 * admin the admin area, member takes staff rights away. Staff are chosen by whoever runs the server, never in the
 * web. Answers how many accounts it changed.
 */
export async function grantRole(db: Db, email: string, role: Role): Promise<number> {
  const result = await db
    .updateTable("users")
    .set({ role })
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
