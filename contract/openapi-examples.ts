/** A JSON Schema as contract/openapi.ts gets it from zod (OpenAPI 3.0 dialect). */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
}

const stringByFormat: Record<string, string> = {
  email: "member@example.com",
  "date-time": "2026-05-01T12:00:00.000Z",
  date: "1990-05-01",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "0b6e5c0e-3c4e-4f2a-9d8a-2f1f4b7c9e10",
  binary: "",
};

/** Readable strings for common property names, where the schema says no more than "a string". */
const stringByName: Record<string, string> = {
  email: "member@example.com",
  password: "correct horse battery staple",
  name: "Anna",
  city: "Utrecht",
  region: "NL-UT",
  country: "NL",
  language: "en",
  domain: "heartline.example",
  currency: "EUR",
  text: "Hello!",
  message: "Hello!",
  token: "3q2-7wEAAAA8kA2YlGdXJ1mQ",
  code: "WELCOME10",
};

/**
 * An example value that satisfies the schema, for the OpenAPI document's request and response examples: the schema's
 * own example where the contract gives one (`.meta({ example })`, needed for patterns), else built from its type and
 * bounds. Every example is validated against its schema by `redocly lint` (no-invalid-media-type-examples).
 */
export function exampleOf(schema: JsonSchema, name = ""): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum.find((value) => value !== null);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const choice = choices.find((c) => c.type !== "null" && !(c.enum?.length === 1 && c.enum[0] === null));
    return choice ? exampleOf(choice, name) : null;
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part)));
  switch (schema.type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, key)]),
      );
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items ?? {}, name));
    case "string":
      return stringExample(schema, name);
    case "integer":
    case "number":
      return numberExample(schema);
    case "boolean":
      return true;
    default:
      return null;
  }
}

function stringExample(schema: JsonSchema, name: string): string {
  const text = stringByFormat[schema.format ?? ""] ?? stringByName[name] ?? "text";
  const long = text.padEnd(schema.minLength ?? 0, "x");
  return schema.maxLength === undefined ? long : long.slice(0, schema.maxLength);
}

/** 1 where the bounds allow it (zod's integers are bounded by the safe-integer range), else the nearest bound. */
function numberExample(schema: JsonSchema): number {
  const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
  const low =
    typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1) + exclusive;
  return Math.min(Math.max(1, low), schema.maximum ?? Number.POSITIVE_INFINITY);
}
