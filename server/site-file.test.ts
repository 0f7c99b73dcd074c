import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseSiteDefinition } from "../api/sites/sites.service";
import { formatSiteFile, parseSiteFile } from "./site-file";

const exampleFile = path.resolve(import.meta.dirname, "../docs/examples/site.example.json");
const example = JSON.parse(fs.readFileSync(exampleFile, "utf8")) as { $schema?: string };

describe("site definition files in YAML", () => {
  test("the example written as YAML reads back as the same definition", () => {
    const yaml = formatSiteFile("site.yaml", example);
    expect(yaml).toMatch(/^# yaml-language-server: \$schema=/);
    expect(yaml).not.toContain("{");
    const { $schema: _, ...withoutSchema } = example;
    expect(parseSiteFile("site.yaml", yaml)).toEqual(withoutSchema);
    expect(parseSiteDefinition(parseSiteFile("site.yml", yaml))).toEqual(parseSiteDefinition(withoutSchema));
  });

  test("a short hand-written file", () => {
    const text = [
      "domain: dating.example",
      "name: Dating Example",
      "company:",
      "  name: Example Ltd",
      "support_email: help@dating.example",
    ].join("\n");
    expect(parseSiteFile("mine.yml", text)).toMatchObject({
      domain: "dating.example",
      company: { name: "Example Ltd" },
    });
  });

  test("a syntax error names the file and the kind", () => {
    expect(() => parseSiteFile("broken.yaml", "name: [unclosed")).toThrow(/broken\.yaml: not YAML/);
    expect(() => parseSiteFile("broken.json", "{")).toThrow(/broken\.json: not JSON/);
  });

  test("JSON stays JSON", () => {
    expect(formatSiteFile("site.json", example)).toBe(`${JSON.stringify(example, null, 2)}\n`);
    expect(formatSiteFile(undefined, example)).toBe(`${JSON.stringify(example, null, 2)}\n`);
  });
});
