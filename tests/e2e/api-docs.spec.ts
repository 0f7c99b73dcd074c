import { expect, test } from "./support/fixtures";

// The reference page is Redoc, a script: nothing to see without JavaScript.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Redoc renders with JavaScript");

test("/api/docs (API_DOCS=true) renders the API's reference from its document under the page's CSP", async ({
  page,
}) => {
  const answer = await page.goto("/api/docs");
  expect(answer!.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { name: /Heartline member API/, level: 1 })).toBeVisible();
  // Operations and servers from the document; the console-error fixture fails the test on a CSP refusal.
  await expect(page.getByRole("heading", { name: "Log in by email and password" }).first()).toBeAttached();
  await expect(page.getByTestId("server-panel-item-name")).toHaveText(
    "The site's own origin: the API answers on every site's domain",
  );
});
