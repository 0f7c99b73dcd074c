import { afterEach, expect, test } from "vitest";
import { startTestApi, type TestApi } from "./support/test-api";

let api: TestApi | undefined;
afterEach(() => api?.close());

test("/api/docs is off unless API_DOCS=true", async () => {
  api = await startTestApi();
  expect((await api.call("/api/docs")).status).toBe(404);
  expect((await api.call("/api/docs/redoc.standalone.js")).status).toBe(404);
});

test("with API_DOCS=true, /api/docs is a page whose only script is Redoc's bundle, served from here", async () => {
  api = await startTestApi({ API_DOCS: "true" });
  const page = await fetch(`${api.url}/api/docs`);
  expect(page.status).toBe(200);
  const policy = page.headers.get("content-security-policy") ?? "";
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  const html = await page.text();
  expect(html).toContain('<script type="module" src="/api/docs/reference.js"></script>');
  expect(html.match(/<script/g)).toHaveLength(1);
  const reference = await fetch(`${api.url}/api/docs/reference.js`);
  expect(reference.headers.get("content-type")).toMatch(/^text\/javascript/);
  expect(await reference.text()).toContain("disableTelemetry: true");
  const bundle = await fetch(`${api.url}/api/docs/redoc.standalone.js`);
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get("content-type")).toMatch(/javascript/);
  const script = await bundle.text();
  expect(script).toContain("export{RedocStandalone,hydrate,init}");
  // Its only image from elsewhere, the attribution's logo, is inlined: the page's img-src is 'self' data:.
  expect(script).not.toContain("https://cdn.redoc.ly/");
  expect(script).toContain("data:image/svg+xml,");
});
