import { Counter, Gauge, Histogram, type Metric, register } from "prom-client";

/**
 * The web tier's metrics for `/metrics` (docs/operations.md "Metrics"), in prom-client's default registry beside the
 * API's (api/metrics/metrics.ts). Made once per process: a module loaded again takes the one registered.
 */
function once<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** Calls to the member API (in-process or API_URL), by endpoint path and outcome: ok, refused (4xx), unavailable. */
export const apiCalls = once(
  "api_calls_total",
  () =>
    new Counter({
      name: "api_calls_total",
      help: "Calls of the web tier to the member API, by path and outcome (ok, refused, unavailable)",
      labelNames: ["path", "outcome"],
    }),
);

export const apiCallDuration = once(
  "api_call_duration_seconds",
  () =>
    new Histogram({
      name: "api_call_duration_seconds",
      help: "Time of a call to the member API with its retries, by path",
      labelNames: ["path"],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const sseStreams = once(
  "sse_streams_open",
  () => new Gauge({ name: "sse_streams_open", help: "Server-Sent Event streams open (chat events)" }),
);
