import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeIssues, siteDefinitionJsonSchema, siteDefinitionSchema } from "./site-definition";

const examples = path.resolve(import.meta.dirname, "../docs/examples");
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(examples, file), "utf8"));

describe("site definition", () => {
  it("docs/examples/site.schema.json is the schema generated from contract/site-definition.ts (npm run site:schema)", () => {
    expect(readJson("site.schema.json")).toEqual(JSON.parse(JSON.stringify(siteDefinitionJsonSchema())));
  });

  it("the complete example validates, names its schema, and leaves nothing to a default", () => {
    const example = readJson("site.example.json");
    expect(example.$schema).toBe("./site.schema.json");
    const parsed = siteDefinitionSchema.parse(example);
    expect(parsed).toEqual(example);
    const properties = Object.keys(siteDefinitionJsonSchema().properties ?? {});
    expect(Object.keys(example)).toEqual(properties);
  });

  it("a minimal definition is a domain, a name, a company and a support address; the rest are defaults", () => {
    const site = siteDefinitionSchema.parse({
      domain: "Dating.Example",
      name: "Amora",
      support: { email: "support@dating.example" },
      company: { name: "Amora Media B.V.", address: "Herengracht 1", city: "Amsterdam", country: "NL" },
    });
    expect(site.domain).toBe("dating.example");
    expect(site.prices.message_credits).toBe(10);
    expect(site.signup).toEqual({ who: "all", minimum_age: 18, bonus_credits: 20, entry_popup: true });
    expect(site.photos.moderation).toBe(true);
  });

  it("names each wrong field and the reason", () => {
    const parsed = siteDefinitionSchema.safeParse({
      domain: "https://dating.example/",
      name: "Amora",
      countries: ["NL"],
      default_country: "DE",
      prices: { message_credits: -1 },
      support: { email: "nobody" },
      company: { name: "Amora Media B.V.", address: "Herengracht 1", city: "Amsterdam", country: "NL", kvk: "1" },
    });
    expect(parsed.success).toBe(false);
    const problems = describeIssues(parsed.error!);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^domain: a host name/),
        expect.stringMatching(/^prices\.message_credits: /),
        expect.stringMatching(/^support\.email: /),
        expect.stringMatching(/^company: Unrecognized key: "kvk"/),
      ]),
    );
  });
});
