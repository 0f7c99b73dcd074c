import { EventEmitter } from "node:events";
import type pg from "pg";

/** What travels on the bus: addressed to one member. */
export interface MemberEvent {
  userId: number;
  type: "message" | "read" | "typing" | "deleted";
  conversation: number;
  id?: number;
  data?: Record<string, unknown>;
}

/**
 * Live delivery of chat events (a message sent, a read mark moved, a member typing) to the member's open pages. It
 * only rings the bell: an event carries ids and small data, the page reads the rest through the API, and what is lost
 * while a connection is down is caught up from the database (Last-Event-ID), never from the bus.
 */
export interface EventBus {
  publish(event: MemberEvent): Promise<void>;
  /** Calls `listener` for every event for this member until the returned function is called. */
  subscribe(userId: number, listener: (event: MemberEvent) => void): () => void;
  /**
   * Calls `listener` whenever events may have been missed (the PostgreSQL LISTEN connection reconnected): an open
   * stream then reads what it missed from the database at once, not with the next event. Until the returned
   * function is called.
   */
  onCatchUp(listener: () => void): () => void;
  /** Whether the bus hears other processes now (always, in-process): /readyz asks. */
  connected(): boolean;
  close(): Promise<void>;
}

/** The PostgreSQL channel every process LISTENs on. */
export const chatEventsChannel = "chat_events";

/** The channel a site's settings change is NOTIFYed on, in its transaction (api/settings/settings-changes.ts). */
export const siteSettingsChannel = "site_settings";

/** What else the bus tells this process: a site's settings changed (in any process), or it may have missed that. */
export interface BusHooks {
  siteSettingsChanged?: () => void;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the in-process bus keeps the same limit. */
export const maxPayloadBytes = 7999;

/** The emitter key of catch-up listeners: never a member id. */
const catchUpKey = "catch-up";

const eventTypes: ReadonlySet<string> = new Set<MemberEvent["type"]>(["message", "read", "typing", "deleted"]);

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The payload for `event`; throws when it could not travel through NOTIFY, so that SQLite development finds it too. */
function encode(event: MemberEvent): string {
  const payload = JSON.stringify(event);
  const bytes = Buffer.byteLength(payload, "utf8");
  if (bytes > maxPayloadBytes)
    throw new Error(
      `chat event of ${bytes} bytes is over the ${maxPayloadBytes} a NOTIFY carries: send ids, not content`,
    );
  return payload;
}

/** A payload read back from the channel, or null when it is not a MemberEvent (another writer on the channel). */
function decode(payload: string): MemberEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const event = value as Partial<MemberEvent>;
  if (!Number.isSafeInteger(event.userId) || !Number.isSafeInteger(event.conversation)) return null;
  if (typeof event.type !== "string" || !eventTypes.has(event.type)) return null;
  return event as MemberEvent;
}

/**
 * Local subscribers keyed by user id. Each listener runs in its own try/catch, so one broken page (or a bug in one
 * listener) neither stops the others nor fails the publisher.
 */
function localSubscribers(onError: (error: Error) => void) {
  const emitter = new EventEmitter();
  // One listener per open page of a member, and as many members as there are open pages: no meaningful limit.
  emitter.setMaxListeners(0);
  return {
    deliver(event: MemberEvent) {
      emitter.emit(String(event.userId), event);
    },
    /** Tells every open stream to catch up from the database. */
    catchUpAll() {
      emitter.emit(catchUpKey);
    },
    onCatchUp(listener: () => void) {
      return this.subscribeKey(catchUpKey, listener);
    },
    subscribe(userId: number, listener: (event: MemberEvent) => void) {
      return this.subscribeKey(String(userId), listener);
    },
    subscribeKey<T extends unknown[]>(key: string, listener: (...args: T) => void) {
      const guarded = (...args: T) => {
        try {
          listener(...args);
        } catch (error) {
          onError(asError(error));
        }
      };
      emitter.on(key, guarded);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        emitter.off(key, guarded);
      };
    },
    clear() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * The bus of a single process (SQLite, development, tests): events go straight to this process's subscribers. A
 * listener's exception goes to `onError` and neither stops the other listeners nor fails `publish`.
 */
export function inProcessBus(onError: (error: Error) => void = () => {}): EventBus {
  const local = localSubscribers(onError);
  return {
    async publish(event) {
      encode(event);
      local.deliver(event);
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    onCatchUp: (listener) => local.onCatchUp(listener),
    connected: () => true,
    async close() {
      local.clear();
    },
  };
}

const firstRetryMs = 500;
const maxRetryMs = 10_000;

/**
 * The bus of several processes behind a load balancer, over PostgreSQL LISTEN/NOTIFY: `publish` sends
 * `pg_notify('chat_events', json)` through a pool of two, and one dedicated connection LISTENs and hands each
 * notification to this process's subscribers of that member. A process receives its own NOTIFY, so `publish` does not
 * also deliver locally (an event arrives once). When the listening connection fails or ends, it is opened again after
 * 0.5 s, doubling up to 10 s, and LISTEN is re-issued; events NOTIFYed meanwhile are lost to the bus, so once it
 * listens again it sends every open stream a CatchUpSignal (each reads what it missed from the database at once) and
 * drops the site caches (a settings change may have been missed too). It also LISTENs on `site_settings`.
 * Connection errors go to `onError`, never crash the process.
 */
export function postgresBus(
  connectionString: string,
  onError: (error: Error) => void = () => {},
  hooks: BusHooks = {},
): EventBus {
  const local = localSubscribers(onError);
  // Loaded here, not at the module's start: a SQLite site never holds the driver.
  const driver = import("pg").then((module) => module.default);
  const pool = driver.then((pg) => {
    const pool = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 5_000 });
    // An idle pooled connection that fails emits here; without a listener it would crash the process.
    pool.on("error", (error) => onError(error));
    return pool;
  });

  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  let listening = false;
  let everListened = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === siteSettingsChannel) {
      hooks.siteSettingsChanged?.();
      return;
    }
    if (message.channel !== chatEventsChannel || message.payload === undefined) return;
    const event = decode(message.payload);
    if (event) local.deliver(event);
    else onError(new Error(`unreadable chat event on ${chatEventsChannel}: ${message.payload.slice(0, 200)}`));
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, maxRetryMs);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, delay);
    // Reconnecting alone should not keep a process alive that is otherwise done.
    retryTimer.unref();
  };

  /** Opens the listening connection; on any failure, now or later, reports it and schedules the next attempt. */
  const listen = async () => {
    const { Client } = await driver;
    if (closed) return;
    // keepAlive: a LISTEN connection sits idle, and a connection silently dropped (NAT, failover) must still be noticed.
    const connection = new Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = connection;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      listening = false;
      if (client === connection) client = null;
      connection.off("notification", onNotification);
      if (closed) return;
      onError(error);
      connection.end().catch(() => {});
      scheduleReconnect();
    };
    // Stays attached after a failure: a late error from a dead connection must not be an unhandled 'error' event.
    connection.on("error", fail);
    connection.on("end", () => fail(new Error("chat event listener connection ended")));
    connection.on("notification", onNotification);
    try {
      await connection.connect();
      await connection.query(`LISTEN ${chatEventsChannel}`);
      await connection.query(`LISTEN ${siteSettingsChannel}`);
      if (failed) return;
      retryMs = firstRetryMs;
      listening = true;
      if (everListened) {
        hooks.siteSettingsChanged?.();
        local.catchUpAll();
      }
      everListened = true;
    } catch (error) {
      fail(asError(error));
    }
  };

  // publish waits for the first LISTEN (done or failed), so that an event published right after start up still reaches
  // this process's own subscribers.
  const ready = listen();

  return {
    async publish(event) {
      const payload = encode(event);
      if (closed) throw new Error("chat event bus is closed");
      await ready;
      await (await pool).query("SELECT pg_notify($1, $2)", [chatEventsChannel, payload]);
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    onCatchUp: (listener) => local.onCatchUp(listener),
    connected: () => listening,
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      local.clear();
      const connection = client;
      client = null;
      await Promise.allSettled([connection?.end(), pool.then((p) => p.end())]);
    },
  };
}

/**
 * The bus for DATABASE_URL: LISTEN/NOTIFY on PostgreSQL, where several processes may serve members, and in-process
 * on SQLite, which is one process by construction.
 */
export function eventBusFor(databaseUrl: string, onError?: (error: Error) => void, hooks?: BusHooks): EventBus {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? postgresBus(databaseUrl, onError, hooks) : inProcessBus(onError);
}
