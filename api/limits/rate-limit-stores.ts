import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Logger } from "pino";
import { RedisStore } from "rate-limit-redis";
import { type Db, isPostgres } from "../db/database";
import * as repo from "./limit-counters.repository";

/**
 * Where each express-rate-limit limiter counts (docs/operations.md "Several processes"): in Redis when REDIS_URL is
 * set, in the database's limit_counters on PostgreSQL (several processes share it), else in this process's memory
 * (SQLite: one process). `name` keeps each limiter's counts apart; undefined means express-rate-limit's memory store.
 */
export type RateLimitStoreFor = ((name: string) => Store | undefined) & {
  /** Closes the Redis connection, if there is one. */
  close(): Promise<void>;
};

export function rateLimitStores(
  db: Db,
  env: { REDIS_URL?: string },
  log: Logger,
  { redisPrefix = "rl:" } = {},
): RateLimitStoreFor {
  if (env.REDIS_URL) {
    // Loaded only with REDIS_URL: a site without Redis never holds the client (about 5 MB of heap).
    const client = import("redis").then(({ createClient }) => {
      const client = createClient({ url: env.REDIS_URL });
      client.on("error", (error) => log.warn({ err: error }, "rate-limit store: Redis"));
      return client;
    });
    // Commands given before the connection is up wait for it (the client's offline queue).
    const connected = client
      .then((c) => c.connect())
      .catch((error) => log.error({ err: error }, "rate-limit store: Redis unreachable"));
    const storeFor = (name: string) =>
      new RedisStore({
        prefix: `${redisPrefix}${name}:`,
        sendCommand: async (...args: string[]) => (await client).sendCommand(args),
      });
    const close = async () => {
      await connected;
      const open = await client;
      if (open.isOpen) await open.close();
    };
    return Object.assign(storeFor, { close });
  }
  const none = async () => undefined;
  if (isPostgres(db)) return Object.assign((name: string) => new DatabaseStore(db, name), { close: none });
  return Object.assign(() => undefined, { close: none });
}

/**
 * express-rate-limit's Store over limit_counters: each hit is one atomic upsert (api/limits/limit-counters.repository.ts),
 * so the count holds across processes. A fixed window per key, as express-rate-limit's own stores keep.
 */
export class DatabaseStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly db: Db,
    name: string,
  ) {
    this.prefix = `rate:${name}`;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await repo.findCounter(this.db, this.prefix, key);
    if (!row || row.window_ends <= new Date().toISOString()) return undefined;
    return { totalHits: Number(row.hits), resetTime: new Date(row.window_ends) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = new Date();
    const { hits, windowEnds } = await repo.countHitInWindow(
      this.db,
      this.prefix,
      key,
      now.toISOString(),
      new Date(now.getTime() + this.windowMs).toISOString(),
    );
    return { totalHits: hits, resetTime: new Date(windowEnds) };
  }

  async decrement(key: string) {
    await repo.uncountHit(this.db, this.prefix, key);
  }

  async resetKey(key: string) {
    await repo.deleteCounter(this.db, this.prefix, key);
  }
}
