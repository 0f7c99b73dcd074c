import { idempotencyKeyOf } from "../http/idempotency";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { actOnMember, grantCredits, memberDetail, searchMembers } from "./admin-members.service";

/** The admin area's members section (issue 33): admins whose session gave the second factor (staff-guard.ts). */
export function adminMembersRoutes({ db, mailer }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  routes.register("get", "/api/admin/members.php", ({ site, query }) => searchMembers(db, site, query.q, query.page));
  routes.register("get", "/api/admin/member.php", ({ site, query }) => memberDetail(db, site, query.id));
  routes.register("post", "/api/admin/member-action.php", ({ req, site, member, body, log }) =>
    actOnMember({ db, mailer, log }, site, { staff: member, address: req.ip ?? null }, body),
  );
  routes.register("post", "/api/admin/member-credits.php", ({ req, site, member, body }) =>
    grantCredits(db, site, { staff: member, address: req.ip ?? null }, body, idempotencyKeyOf(req)),
  );
  return routes;
}
