import { z } from "zod";
import { type Endpoint, endpoints } from "./endpoints";
import { apiErrorSchema, type ErrorCode } from "./errors";
import { exampleOf, type JsonSchema } from "./openapi-examples";

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "openapi-3.0",
    // OpenAPI 3.0's Schema Object has neither keyword: the base64url strings of a push subscription carry the one, a
    // `.meta({ examples })` the other.
    override: ({ jsonSchema: out }) => {
      delete out.contentEncoding;
      if (Array.isArray(out.examples)) out.example = out.examples[0];
      delete out.examples;
    },
  }) as JsonSchema;

const errorRef = { $ref: "#/components/schemas/Error" };
const jsonOf = (schema: object, example?: unknown) => ({
  "application/json": { schema, ...(example !== undefined && { example }) },
});

/**
 * The errors any endpoint of its kind can answer, beside its own (`errors` in contract/endpoints.ts): an unknown
 * site, a refused body or query, a state-changing request from another site, a missing login, a failure.
 */
function errorsOf(endpoint: Endpoint): Map<number, Set<ErrorCode>> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  const add = (status: number, code: ErrorCode) => byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  const takesBody = Boolean(endpoint.body || endpoint.upload);
  if (takesBody || endpoint.query) add(400, "validation_failed");
  if (endpoint.method !== "get") add(403, "forbidden_origin");
  // Staff endpoints answer 401 without a session (their own errors say so).
  if (endpoint.member && !endpoint.staff) add(403, "authentication_required");
  add(404, "site_not_found");
  for (const [status, codes] of Object.entries(endpoint.errors ?? {})) for (const code of codes) add(+status, code);
  if (takesBody) add(413, "payload_too_large");
  if (takesBody) add(415, "unsupported_media_type");
  add(500, "internal_error");
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

const errorData: Partial<Record<ErrorCode, Record<string, unknown>>> = {
  validation_failed: { fields: { email: "validation.email" } },
  authentication_required: { authentication_required: true },
};

/** One documented error status: the Error schema narrowed to its codes, with an example of each code. */
function errorResponse(codes: Set<ErrorCode>) {
  const list = [...codes];
  return {
    description: list.map((code) => `\`${code}\``).join(", "),
    content: {
      "application/json": {
        schema: { allOf: [errorRef, { type: "object", properties: { error: { type: "string", enum: list } } }] },
        examples: Object.fromEntries(
          list.map((code) => {
            const message = `${code[0]!.toUpperCase()}${code.slice(1).replaceAll("_", " ")}`;
            const data = errorData[code];
            return [code, { value: { error: code, message, ...(data && { data }) } }];
          }),
        ),
      },
    },
  };
}

function securityOf(endpoint: Endpoint) {
  if (endpoint.member) return [{ session: [] }];
  if (endpoint.caller === "provider") return [];
  if (endpoint.caller === "mail-provider") return [{ mailEventsToken: [] }];
  // Public, but a session changes the answer (a member's own view, prices in their currency).
  return [{}, { session: [] }];
}

function parametersOf(endpoint: Endpoint) {
  const query = endpoint.query ? jsonSchema(endpoint.query, "input") : null;
  const required = new Set((query as { required?: string[] } | null)?.required ?? []);
  const parameters: object[] = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema,
    example: exampleOf(schema),
  }));
  if (Object.values(endpoint.errors ?? {}).some((codes) => codes.includes("idempotency_key_required"))) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: true,
      description:
        "The same key for a retry of the same request, so it spends, pays or sends once; a key reused for another request is refused (422)",
      schema: { type: "string", minLength: 8, maxLength: 100 },
      example: "5f0c1c8e-8a5e-4a57-9f0e-3b1f4c2d7a61",
    });
  }
  return parameters;
}

function requestBodyOf(endpoint: Endpoint) {
  if (endpoint.upload) {
    const binary = { schema: { type: "string", format: "binary" } };
    return {
      required: true,
      content: Object.fromEntries(["image/jpeg", "image/png", "image/webp", "image/gif"].map((t) => [t, binary])),
    };
  }
  if (!endpoint.body) return undefined;
  const schema = jsonSchema(endpoint.body, "input");
  return { required: true, content: jsonOf(schema, exampleOf(schema)) };
}

function successOf(endpoint: Endpoint) {
  if (endpoint.image) {
    const binary = { schema: { type: "string", format: "binary" } };
    return { description: "The image", content: { "image/webp": binary, "image/jpeg": binary } };
  }
  if (endpoint.csv) return { description: "The CSV file", content: { "text/csv": { schema: { type: "string" } } } };
  const schema = jsonSchema(endpoint.response, "output");
  return { description: "OK", content: jsonOf(schema, exampleOf(schema)) };
}

/**
 * The OpenAPI 3 document of the member API, generated from the contract's zod schemas, served at
 * GET /api/openapi.json. `sessionCookie` is the session cookie's name where it is served (`__Host-sid` in production,
 * `sid` otherwise).
 */
export function openApiDocument({ sessionCookie }: { sessionCookie: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints as readonly Endpoint[]) {
    const alias = endpoint.alias
      ? `Also answered at \`${endpoint.method.toUpperCase()} ${endpoint.alias}\` for existing clients (docs/product.md §7).`
      : undefined;
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method] = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(alias && { description: alias }),
      security: securityOf(endpoint),
      parameters: parametersOf(endpoint),
      requestBody: requestBodyOf(endpoint),
      responses: {
        200: successOf(endpoint),
        ...Object.fromEntries([...errorsOf(endpoint)].map(([status, codes]) => [status, errorResponse(codes)])),
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Heartline member API",
      version: "1.0.0",
      description:
        "The member API behind the Heartline sites: JSON over HTTP under /api on each site's own domain. Every error " +
        "answers `{ error, message, data }`: `error` is a stable code to branch on, `message` is for people, and " +
        "`data.fields` names the fields a validation refused.",
    },
    servers: [{ url: "/", description: "The site's own origin: the API answers on every site's domain" }],
    paths,
    components: {
      schemas: { Error: jsonSchema(apiErrorSchema, "output") },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookie,
          description:
            "The session cookie set by logging in (POST /api/user.php) or signing up; HttpOnly, so a browser sends it " +
            "by itself and other clients keep it from Set-Cookie.",
        },
        mailEventsToken: {
          type: "http",
          scheme: "bearer",
          description: "MAIL_EVENTS_TOKEN, the mail provider's webhook secret",
        },
      },
    },
  };
}
