import { expect, test } from "vitest";
import { formName, settingsFromForm, settingText } from "./admin-settings";

const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;

test("a group's typed texts become the definition's values; what is not a number or JSON stays as typed", () => {
  expect(
    settingsFromForm(
      "prices",
      form({
        [formName("prices.message_credits")]: " 12 ",
        [formName("prices.photo_credits")]: "twelve",
        [formName("prices.minimum_message_costs")]: "",
        [formName("prices.premium_variant")]: "p1",
      }),
    ),
  ).toMatchObject({
    "prices.message_credits": 12,
    "prices.photo_credits": "twelve",
    "prices.minimum_message_costs": undefined,
    "prices.premium_variant": "p1",
  });
  expect(
    settingsFromForm("identity", form({ other_domains: "a.example\n b.example, c.example", origin: "", title: "" })),
  ).toMatchObject({ other_domains: ["a.example", "b.example", "c.example"], origin: null, title: undefined });
  // An unticked box sends nothing: off.
  expect(settingsFromForm("chat", form({ chat__photo_moderation: "on" }))).toMatchObject({
    "chat.photo_moderation": true,
    side_offer: false,
  });
  expect(settingsFromForm("company", form({ company__retention_offers: "[oops" }))).toMatchObject({
    "company.retention_offers": "[oops",
  });
});

test("values are shown as a form shows them", () => {
  expect(settingText("list", ["NL", "DE"])).toBe("NL\nDE");
  expect(settingText("json", { a: 1 })).toBe('{\n  "a": 1\n}');
  expect(settingText("text", null)).toBe("");
});
