import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { appealView, decideAppeal, decideReport, fileAppeal, reportQueue } from "./decisions.service";
import { fileComplaint, fileReport } from "./reports.service";

/**
 * report.php and complaint.php (anyone can report; docs/product.md §6.8), the moderators' report queue and
 * decisions, and appeal.php, which works from the mailed link without a login.
 */
export function reportsRoutes({ db, env, mailer, storage, publicPhotos }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  const decisionDeps = (log: RouteDeps["logger"]) => ({ db, storage, publicPhotos, mailer, log });

  register("post", "/api/report.php", async ({ site, member, body, log }) => {
    const receipt = await fileReport(db, site, member, body);
    log.info({ userId: member.id, subject: body.subject, reference: receipt.reference }, "report filed");
    return receipt;
  });

  // The complaint form mails a receipt to any address: limited per visitor address and per recipient.
  register("post", "/api/complaint.php", async ({ req, site, body, log }) => {
    const sender = { address: req.ip ?? "", perHour: env.MAILS_PER_HOUR };
    const receipt = await fileComplaint({ db, mailer }, site, body, sender);
    log.info({ reference: receipt.reference }, "complaint filed");
    return receipt;
  });

  register("get", "/api/moderation-reports.php", ({ site, member }) => reportQueue(db, site, member));

  register("post", "/api/moderation-report.php", ({ req, site, member, body, log }) =>
    decideReport(decisionDeps(log), site, member, body, req.ip ?? null),
  );

  register("post", "/api/moderation-appeal.php", ({ req, site, member, body, log }) =>
    decideAppeal(decisionDeps(log), site, member, body, req.ip ?? null),
  );

  register("get", "/api/appeal.php", ({ query }) => appealView(db, query.token));

  register("post", "/api/appeal.php", async ({ body, log }) => {
    const filed = await fileAppeal(db, body);
    log.info("appeal filed");
    return filed;
  });

  return routes;
}
