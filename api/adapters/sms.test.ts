import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { smsGateway } from "./sms";

/** A local gateway that answers each text with the next status of `statuses`, and keeps what it got. */
async function fakeGateway(statuses: number[]) {
  const received: { authorization?: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received, server };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

const text = { to: "+31612345678", from: "Heartline", text: "123456 · Heartline" };

describe("smsGateway", () => {
  test("posts the text as JSON with the bearer token", async () => {
    const gateway = await fakeGateway([200]);
    close = () => gateway.server.close();
    await smsGateway({ url: gateway.url, token: "secret" }).send(text);
    expect(gateway.received).toEqual([{ authorization: "Bearer secret", body: text }]);
  });

  test("retries a 5xx and gives up after three tries", async () => {
    const gateway = await fakeGateway([503, 200]);
    close = () => gateway.server.close();
    await smsGateway({ url: gateway.url, retryBaseMs: 1 }).send(text);
    expect(gateway.received).toHaveLength(2);

    const down = await fakeGateway([500, 502, 503, 200]);
    const closeFirst = close;
    close = () => {
      closeFirst();
      down.server.close();
    };
    await expect(smsGateway({ url: down.url, retryBaseMs: 1 }).send(text)).rejects.toThrow("answered 503");
    expect(down.received).toHaveLength(3);
  });

  test("a 4xx is final: sent once, not again", async () => {
    const gateway = await fakeGateway([422, 200]);
    close = () => gateway.server.close();
    await expect(smsGateway({ url: gateway.url, retryBaseMs: 1 }).send(text)).rejects.toThrow("refused the text: 422");
    expect(gateway.received).toHaveLength(1);
  });
});
