import { z } from "zod";
import { type Endpoint, endpoints } from "./endpoints";
import { apiErrorSchema } from "./errors";

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" });

/** The OpenAPI 3 document of the member API, generated from the contract's zod schemas. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints as readonly Endpoint[]) {
    const query = endpoint.query
      ? (jsonSchema(endpoint.query, "input") as { properties?: Record<string, object>; required?: string[] })
      : null;
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method] = {
      summary: endpoint.summary,
      parameters: Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: query?.required?.includes(name) ?? false,
        schema,
      })),
      ...(endpoint.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } },
        },
      }),
      ...(endpoint.upload && {
        requestBody: {
          required: true,
          content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        },
      }),
      responses: {
        200: endpoint.image
          ? {
              description: "The image",
              content: Object.fromEntries(
                ["image/webp", "image/jpeg"].map((type) => [type, { schema: { type: "string", format: "binary" } }]),
              ),
            }
          : {
              description: "OK",
              content: { "application/json": { schema: jsonSchema(endpoint.response, "output") } },
            },
        ...(endpoint.member && {
          403: {
            description: "Not logged in (data.authentication_required)",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        }),
        default: {
          description: "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: { title: "Member API", version: "1.0.0" },
    paths,
    components: { schemas: { Error: jsonSchema(apiErrorSchema, "output") } },
  };
}
