import { afterAll, beforeAll, expect, test } from "vitest";
import { grantRole } from "../../api/accounts/staff-roles";
import { createMember, createSite } from "./support/factories";
import { startTestApi, type TestApi } from "./support/test-api";

// `npm run grant-role -- <email> <moderator|admin|member>` (docs/operations.md "Moderators").
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const roleOf = async (email: string) =>
  (await api.db.selectFrom("users").select("role").where("email", "=", email).execute()).map((u) => u.role);

test("grant-role gives the role on every site where the address has an account, and member takes it away", async () => {
  const [one, two] = [await createSite(api.db), await createSite(api.db)];
  await createMember(api.db, one.id, { email: "staff@example.com" });
  await createMember(api.db, two.id, { email: "staff@example.com" });
  const bystander = await createMember(api.db, one.id);

  expect(await grantRole(api.db, " Staff@Example.com ", "admin")).toBe(2);
  expect(await roleOf("staff@example.com")).toEqual(["admin", "admin"]);
  expect(await grantRole(api.db, "staff@example.com", "moderator")).toBe(2);
  expect(await roleOf("staff@example.com")).toEqual(["moderator", "moderator"]);
  expect(await grantRole(api.db, "staff@example.com", "member")).toBe(2);
  expect(await roleOf("staff@example.com")).toEqual(["member", "member"]);
  expect(await roleOf(bystander.email)).toEqual(["member"]);
  expect(await grantRole(api.db, "nobody@example.com", "admin")).toBe(0);
});
