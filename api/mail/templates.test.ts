import { expect, test } from "vitest";
import { locales } from "../../contract/locales";
import { type MailKind, renderMail } from "./templates";

const kinds: MailKind[] = ["activation", "passwordReset", "mailChange", "deletion"];

test("every mail renders in every language with its link and no unfilled placeholder", () => {
  for (const language of locales) {
    for (const kind of kinds) {
      const mail = renderMail(kind, {
        to: "a@example.com",
        language,
        name: "Ana",
        site: "Heartline",
        supportEmail: "help@example.com",
        link: "https://example.com/x?token=abc",
        values: { newEmail: "b@example.com", days: 14 },
      });
      expect(mail.subject, `${language} ${kind}`).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).toContain("https://example.com/x?token=abc");
      expect(mail.html).toContain('href="https://example.com/x?token=abc"');
      expect(mail.text).toContain("Ana");
    }
  }
});

test("mails are in the member's language, and HTML escapes what members typed", () => {
  const german = renderMail("activation", {
    to: "a@example.com",
    language: "de",
    name: "<b>Jo</b>",
    site: "Heartline",
    supportEmail: "h@example.com",
    link: "https://e.com/a",
  });
  const english = renderMail("activation", {
    to: "a@example.com",
    language: "en",
    name: "Jo",
    site: "Heartline",
    supportEmail: "h@example.com",
    link: "https://e.com/a",
  });
  expect(german.subject).not.toBe(english.subject);
  expect(german.html).toContain("&#60;b&#62;Jo");
  expect(german.html).not.toContain("<b>Jo</b>");
});
