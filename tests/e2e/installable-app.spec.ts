import { expect, test } from "./support/fixtures";

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the manifest is the same with or without JavaScript; checked once");
});

test("every page names a web app manifest that makes the site installable, with icons drawn from the favicon", async ({
  page,
  request,
}) => {
  await page.goto("/pages/faq");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const answer = await request.get(href!);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await answer.json();
  // What browsers require to offer installation: a name, a start URL in scope, standalone display and large icons.
  expect(manifest).toMatchObject({
    name: "Heartline",
    start_url: expect.stringMatching(/^\//),
    scope: "/",
    display: "standalone",
    theme_color: "#6f42c1",
    lang: "en",
  });
  const pngs = manifest.icons.filter((icon: { type: string }) => icon.type === "image/png");
  expect(pngs.map((icon: { sizes: string }) => icon.sizes)).toEqual(["192x192", "512x512", "512x512"]);
  expect(pngs.some((icon: { purpose?: string }) => icon.purpose === "maskable")).toBe(true);
  for (const icon of pngs) {
    const png = await request.get(icon.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    // The PNG header's width and height.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)].join("x")).toBe(icon.sizes);
  }
  expect((await request.get("/app-icons/64")).status()).toBe(404);

  const german = await (await request.get(`${href}?lng=de`)).json();
  expect(german.lang).toBe("de");
});
