import { expect, test } from "vitest";
import {
  addressRefused,
  defaultPushServiceHosts,
  isAllowedPushEndpoint,
  isPublicAddress,
  postPush,
  publicOnlyLookup,
} from "./push-endpoint";

test("only https on port 443 to a known push service is a push endpoint", () => {
  const allowed = (endpoint: string) => isAllowedPushEndpoint(endpoint, defaultPushServiceHosts);
  for (const endpoint of [
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com:443/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/abc",
    "https://web.push.apple.com/abc",
    "https://wns2-par02p.notify.windows.com/w/?token=abc",
  ])
    expect(allowed(endpoint), endpoint).toBe(true);
  // What the issue found accepted, and their kin.
  for (const endpoint of [
    "https://localhost./",
    "https://localhost.:3339/",
    "https://metadata.google.internal./",
    "https://127.0.0.1.nip.io/",
    "https://169.254.169.254.nip.io/",
    "https://localtest.me/",
    "https://fcm.googleapis.com:22/",
    "https://fcm.googleapis.com./fcm/send/abc",
    "https://fcm.googleapis.com.evil.example/",
    "https://evilfcm.googleapis.com/",
    "https://notify.windows.com/",
    "https://user:pass@fcm.googleapis.com/",
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://10.0.0.1/",
    "https://[::1]/",
    "not a url",
  ])
    expect(allowed(endpoint), endpoint).toBe(false);
  expect(isAllowedPushEndpoint("https://push.example.com/x", ["push.example.com"])).toBe(true);
  expect(isAllowedPushEndpoint("https://a.push.example.com/x", ["*.push.example.com"])).toBe(true);
});

test("loopback, private, link-local, unique-local and mapped addresses are not public", () => {
  for (const address of [
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fd00::1",
    "fc00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "ff02::1",
    "localhost",
  ])
    expect(isPublicAddress(address), address).toBe(false);
  for (const address of ["142.250.74.106", "8.8.8.8", "2a00:1450:4001:82a::200a", "2606:4700::1111"])
    expect(isPublicAddress(address), address).toBe(true);
});

test("the lookup refuses a name that resolves to this machine, for a single or every answer", async () => {
  for (const all of [false, true]) {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup("localhost", { all }, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe(addressRefused);
  }
});

test("a push is never posted to an address, and a name on the list that resolves privately is refused at connect", async () => {
  const push = { method: "POST", headers: { TTL: 60 }, body: Buffer.from("x") };
  await expect(postPush({ ...push, endpoint: "https://127.0.0.1/push" }, false)).rejects.toMatchObject({
    code: addressRefused,
  });
  // As a rebinding name would do after passing the list: the connection's own lookup refuses it.
  await expect(postPush({ ...push, endpoint: "https://localhost/push" }, false)).rejects.toMatchObject({
    code: addressRefused,
  });
});
