import type { Kysely } from "kysely";
import type { Pool } from "pg";
import { Counter, Gauge, Histogram, type Metric, register } from "prom-client";
import type { Database } from "../db/schema";

/**
 * The API's metrics for `/metrics` (docs/operations.md "Metrics"), in prom-client's default registry, which the web
 * tier's (app/services/metrics.server.ts) share. A metric is made once per process: modules loaded again (tests,
 * the dev server) take the one registered.
 */
function once<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** Seconds, from a few milliseconds (a query, a page) to ten seconds (the API client's timeout). */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = once(
  "http_requests_total",
  () =>
    new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
    }),
);

export const httpDuration = once(
  "http_request_duration_seconds",
  () =>
    new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route pattern",
      labelNames: ["method", "route"],
      buckets: durationBuckets,
    }),
);

export const dbQueryDuration = once(
  "db_query_duration_seconds",
  () =>
    new Histogram({
      name: "db_query_duration_seconds",
      help: "Time of a database query (Kysely's log hook), by outcome",
      labelNames: ["outcome"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    }),
);

export const jobRuns = once(
  "job_runs_total",
  () =>
    new Counter({
      name: "job_runs_total",
      help: "Periodic jobs run by this process, by job and outcome",
      labelNames: ["job", "outcome"],
    }),
);

export const jobDuration = once(
  "job_duration_seconds",
  () =>
    new Histogram({
      name: "job_duration_seconds",
      help: "Time of a periodic job's run, by job",
      labelNames: ["job"],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    }),
);

export const messagesSent = once(
  "messages_sent_total",
  () =>
    new Counter({
      name: "messages_sent_total",
      help: "Chat messages written, by kind (text, photo, gift)",
      labelNames: ["kind"],
    }),
);

export const mailsSent = once(
  "mails_total",
  () =>
    new Counter({
      name: "mails_total",
      help: "Mails handed to the mail server or outbox, by outcome (sent, failed after the retries)",
      labelNames: ["outcome"],
    }),
);

export const pushesSent = once(
  "pushes_total",
  () =>
    new Counter({
      name: "pushes_total",
      help: "Pushes posted to the browsers' push services, by outcome (sent, gone, failed)",
      labelNames: ["outcome"],
    }),
);

/** Runs a periodic job, counting its run and outcome and timing it. */
export async function countedJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  const end = jobDuration.startTimer({ job });
  try {
    const result = await run();
    jobRuns.inc({ job, outcome: "ok" });
    return result;
  } catch (error) {
    jobRuns.inc({ job, outcome: "failed" });
    throw error;
  } finally {
    end();
  }
}

/** Kysely's `log` option: every query's time, and failed ones apart. */
export function logQueryTimes(event: { level: "query" | "error"; queryDurationMillis: number }) {
  dbQueryDuration.observe({ outcome: event.level === "error" ? "failed" : "ok" }, event.queryDurationMillis / 1000);
}

/** The PostgreSQL pool's connections: in use, idle, and queries waiting for one (read at each scrape). */
export function watchPool(pool: Pool) {
  once(
    "db_pool_connections",
    () =>
      new Gauge({
        name: "db_pool_connections",
        help: "PostgreSQL pool connections, by state (total, idle, waiting requests)",
        labelNames: ["state"],
        collect() {
          this.set({ state: "total" }, pool.totalCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
        },
      }),
  );
}

/**
 * What the database holds, counted at each scrape: the notification queue's due items and the payments by status.
 * Every process reports the same numbers on a shared database: alert on max(), not sum().
 */
export function watchDatabase(db: Kysely<Database>) {
  once(
    "queue_depth",
    () =>
      new Gauge({
        name: "queue_depth",
        help: "Items waiting in a queue (notifications: mails and pushes due and not yet sent)",
        labelNames: ["queue", "channel"],
        async collect() {
          const rows = await db
            .selectFrom("notification_queue")
            .select(["channel", db.fn.countAll<number>().as("count")])
            .where("done_at", "is", null)
            .where("due_at", "<=", new Date().toISOString())
            .groupBy("channel")
            .execute();
          this.reset();
          for (const channel of ["mail", "push"] as const)
            this.set(
              { queue: "notifications", channel },
              Number(rows.find((row) => row.channel === channel)?.count ?? 0),
            );
        },
      }),
  );
  once(
    "payments",
    () =>
      new Gauge({
        name: "payments",
        help: "Payments in the database, by status",
        labelNames: ["status"],
        async collect() {
          const rows = await db
            .selectFrom("payments")
            .select(["status", db.fn.countAll<number>().as("count")])
            .groupBy("status")
            .execute();
          this.reset();
          for (const row of rows) this.set({ status: row.status }, Number(row.count));
        },
      }),
  );
}
