import { ApiError } from "../errors";
import { idempotencyKeyOf } from "../http/idempotency";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { listPayments, paymentDetail } from "./admin-payments.service";
import { refundPayment } from "./admin-refund.service";

/** The admin area's payments (docs/product.md §6.9): admin/payments.php, admin/payment.php and admin/refund.php. */
export function adminPaymentsRoutes({ db, payments }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  routes.register("get", "/api/admin/payments.php", ({ site, query }) => listPayments(db, site, query));
  routes.register("get", "/api/admin/payment.php", ({ site, query }) => paymentDetail(db, site, query.id));
  routes.register("post", "/api/admin/refund.php", ({ req, site, member, body, log }) => {
    if (!payments) throw new ApiError(503, "payments_unavailable", "Payments are not available on this site");
    const order = {
      paymentId: body.payment,
      reason: body.reason,
      idempotencyKey: idempotencyKeyOf(req),
      address: req.ip ?? null,
    };
    return refundPayment({ db, provider: payments }, site, member, order, log);
  });
  return routes;
}
