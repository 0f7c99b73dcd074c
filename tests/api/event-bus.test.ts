import crypto from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, test } from "vitest";
import {
  type BusHooks,
  type EventBus,
  eventBusFor,
  inProcessBus,
  type MemberEvent,
  postgresBus,
  siteSettingsChannel,
} from "../../api/events/event-bus";

/** Member ids no other test (or another run on the same database) uses, as the channel is shared per database. */
const newUserId = () => 1_000_000_000 + crypto.randomInt(1_000_000_000);

/** Every event `bus` delivers to `userId`, in order of arrival. */
function collect(bus: EventBus, userId: number) {
  const events: MemberEvent[] = [];
  const unsubscribe = bus.subscribe(userId, (event) => events.push(event));
  return { events, unsubscribe };
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const message = (userId: number, id: number): MemberEvent => ({ userId, type: "message", conversation: 7, id });

describe("in-process bus", () => {
  let bus: EventBus;
  afterEach(() => bus.close());

  test("delivers an event to its member only", async () => {
    bus = inProcessBus();
    const [alice, bob] = [newUserId(), newUserId() + 1];
    const forAlice = collect(bus, alice);
    const forBob = collect(bus, bob);
    const event: MemberEvent = { userId: alice, type: "read", conversation: 3, id: 42, data: { at: "2024-01-01" } };
    await bus.publish(event);
    expect(forAlice.events).toEqual([event]);
    expect(forBob.events).toEqual([]);
  });

  test("delivers to every subscriber of the member, and unsubscribing stops delivery", async () => {
    bus = inProcessBus();
    const alice = newUserId();
    const first = collect(bus, alice);
    const second = collect(bus, alice);
    await bus.publish(message(alice, 1));
    first.unsubscribe();
    first.unsubscribe(); // twice is harmless
    await bus.publish(message(alice, 2));
    expect(first.events.map((e) => e.id)).toEqual([1]);
    expect(second.events.map((e) => e.id)).toEqual([1, 2]);
  });

  test("a throwing listener neither stops the others nor fails publish, and is reported", async () => {
    const errors: Error[] = [];
    bus = inProcessBus((error) => errors.push(error));
    const alice = newUserId();
    const before = collect(bus, alice);
    bus.subscribe(alice, () => {
      throw new Error("listener broke");
    });
    const after = collect(bus, alice);
    await expect(bus.publish(message(alice, 1))).resolves.toBeUndefined();
    expect(before.events).toHaveLength(1);
    expect(after.events).toHaveLength(1);
    expect(errors.map((e) => e.message)).toEqual(["listener broke"]);
  });

  test("refuses a payload PostgreSQL's NOTIFY could not carry", async () => {
    bus = inProcessBus();
    const alice = newUserId();
    const received = collect(bus, alice);
    await expect(
      bus.publish({ userId: alice, type: "message", conversation: 1, data: { text: "x".repeat(8_000) } }),
    ).rejects.toThrow(/bytes/);
    expect(received.events).toEqual([]);
  });

  test("eventBusFor gives the in-process bus for a SQLite file", async () => {
    bus = eventBusFor("file:data/app.db");
    const alice = newUserId();
    const received = collect(bus, alice);
    await bus.publish(message(alice, 5));
    // Delivered before publish resolves: no network in between.
    expect(received.events.map((e) => e.id)).toEqual([5]);
  });
});

describe.skipIf(process.env.TEST_DB !== "postgres")("PostgreSQL bus", () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const buses: EventBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  /** A bus as another process would open it, named so that the test can find its connections. */
  function openBus(errors: Error[] = [], hooks: BusHooks = {}) {
    const applicationName = `event-bus-test-${crypto.randomBytes(6).toString("hex")}`;
    const url = new URL(serverUrl);
    url.searchParams.set("application_name", applicationName);
    const bus = postgresBus(url.toString(), (error) => errors.push(error), hooks);
    buses.push(bus);
    return { bus, applicationName, errors };
  }

  /** Waits until `bus` LISTENs, by publishing to a throwaway member and seeing it come back. */
  async function ready(bus: EventBus) {
    const probe = newUserId();
    const received = collect(bus, probe);
    await bus.publish(message(probe, 0));
    await waitFor(() => received.events.length > 0, "the bus to hear its own probe");
    received.unsubscribe();
  }

  /**
   * Waits for a sentinel published after everything else: NOTIFYs arrive in commit order, so once the sentinel is
   * in, any duplicate of an earlier event would be too.
   */
  async function settle(publisher: EventBus, listeners: EventBus[]) {
    const probe = newUserId();
    const received = listeners.map((bus) => collect(bus, probe));
    await publisher.publish(message(probe, -1));
    await waitFor(() => received.every((r) => r.events.length > 0), "the sentinel");
  }

  async function listenerPid(applicationName: string): Promise<number | null> {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const result = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%' AND state = 'idle'",
        [applicationName],
      );
      return result.rows[0]?.pid ?? null;
    } finally {
      await admin.end();
    }
  }

  test("eventBusFor gives the PostgreSQL bus for a postgres:// URL", async () => {
    const a = openBus().bus;
    const b = eventBusFor(serverUrl);
    buses.push(b);
    await Promise.all([ready(a), ready(b)]);
    const alice = newUserId();
    const onB = collect(b, alice);
    await a.publish(message(alice, 1));
    await waitFor(() => onB.events.length === 1, "the event on the other bus");
  });

  test("an event published on one process reaches the subscribers of both, exactly once", async () => {
    const a = openBus().bus;
    const b = openBus().bus;
    await Promise.all([ready(a), ready(b)]);
    const [alice, bob] = [newUserId(), newUserId() + 1];
    const onA = collect(a, alice);
    const onB = collect(b, alice);
    const bobOnB = collect(b, bob);
    const event: MemberEvent = { userId: alice, type: "typing", conversation: 9, data: { until: 123 } };
    await a.publish(event);
    await settle(a, [a, b]);
    expect(onA.events).toEqual([event]);
    expect(onB.events).toEqual([event]);
    expect(bobOnB.events).toEqual([]);
  });

  test("200 events published in parallel all arrive, once each", async () => {
    const a = openBus().bus;
    const b = openBus().bus;
    await Promise.all([ready(a), ready(b)]);
    const alice = newUserId();
    const onA = collect(a, alice);
    const onB = collect(b, alice);
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    await Promise.all(ids.map((id) => a.publish(message(alice, id))));
    await settle(a, [a, b]);
    for (const received of [onA, onB]) {
      expect(received.events).toHaveLength(200);
      expect(received.events.map((e) => e.id).sort((x, y) => x! - y!)).toEqual(ids);
    }
  });

  test("refuses a payload over NOTIFY's limit", async () => {
    const a = openBus().bus;
    await expect(
      a.publish({ userId: newUserId(), type: "message", conversation: 1, data: { text: "é".repeat(4_000) } }),
    ).rejects.toThrow(/bytes/);
  });

  test("after its listening connection is killed, the bus reports it, listens again and delivers", async () => {
    const a = openBus();
    const b = openBus().bus;
    await Promise.all([ready(a.bus), ready(b)]);
    const killed = await listenerPid(a.applicationName);
    expect(killed).not.toBeNull();

    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [killed]);
    } finally {
      await admin.end();
    }
    await waitFor(() => a.errors.length > 0, "the lost connection to be reported");
    await waitFor(async () => {
      const pid = await listenerPid(a.applicationName);
      return pid !== null && pid !== killed;
    }, "a new LISTEN connection");

    const alice = newUserId();
    const onA = collect(a.bus, alice);
    await b.publish(message(alice, 1));
    await settle(b, [a.bus]);
    expect(onA.events.map((e) => e.id)).toEqual([1]);
  });

  test("once it listens again after a lost connection, open streams are told to catch up and the site caches go", async () => {
    let settingsDrops = 0;
    const a = openBus([], { siteSettingsChanged: () => settingsDrops++ });
    await ready(a.bus);
    let catchUps = 0;
    const stop = a.bus.onCatchUp(() => catchUps++);
    expect([a.bus.connected(), catchUps, settingsDrops]).toEqual([true, 0, 0]);
    const killed = await listenerPid(a.applicationName);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [killed]);
      await waitFor(() => !a.bus.connected(), "the bus to notice");
      await waitFor(() => a.bus.connected(), "the bus to listen again");
      expect([catchUps, settingsDrops]).toEqual([1, 1]);
      // A settings change NOTIFYed by another process (api/settings/settings-changes.ts) reaches the hook.
      await admin.query("SELECT pg_notify($1, '')", [siteSettingsChannel]);
      await waitFor(() => settingsDrops === 2, "the settings change");
    } finally {
      await admin.end();
    }
    stop();
    expect(catchUps).toBe(1);
  });

  test("close ends its connections and stops publishing", async () => {
    const a = openBus();
    await ready(a.bus);
    await a.bus.close();
    await a.bus.close(); // twice is harmless
    await waitFor(async () => (await listenerPid(a.applicationName)) === null, "the LISTEN connection to end");
    await expect(a.bus.publish(message(newUserId(), 1))).rejects.toThrow(/closed/);
    expect(a.errors).toEqual([]);
  });
});
