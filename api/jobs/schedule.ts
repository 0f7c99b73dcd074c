import type { Logger } from "pino";
import type { Db } from "../db/database";
import { countedJob } from "../metrics/metrics";
import { processHolder, takeLease } from "./leases";

export interface PeriodicJob {
  /** The lease's name: one run of it per period across every process. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs a job now if this holder gets its lease for the period. The lease ends a little before the next tick (a tenth
 * of the period, at most a second, early), so that the holder's own next tick finds it free despite timer drift, and
 * is not given back after the run: another process ticking later in the same period finds it taken.
 */
export async function runIfLeased(db: Db, job: PeriodicJob, holder = processHolder, now = new Date()) {
  const early = Math.min(job.everyMs / 10, 1000);
  if (!(await takeLease(db, job.name, holder, now, new Date(now.getTime() + job.everyMs - early)))) return false;
  await countedJob(job.name, () => job.run());
  return true;
}

/**
 * Runs a job every `everyMs` (and at once with `atStart`) in whichever process takes its lease; never two runs of it
 * in this process at once. A failed run is logged and the job is tried again next period.
 */
export function schedule(db: Db, job: PeriodicJob, log: Logger, { atStart = false } = {}) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runIfLeased(db, job);
    } catch (error) {
      log.error({ err: error, job: job.name }, "scheduled job failed");
    } finally {
      running = false;
    }
  };
  if (atStart) void tick();
  return setInterval(tick, job.everyMs).unref();
}
