/**
 * Response serialization from the routes' zod response schemas, compiled once per route into a
 * fast-json-stringify function (the JSON Schema zod derives from the schema). Only the declared
 * fields are written, as with zod's own encoder, at a fraction of its cost: zod walks and copies
 * every value of every response (a 100-row bond page is ~4,000 fields) before JSON.stringify.
 * Schemas JSON Schema cannot express keep zod's encoder. With `verify` (every environment but
 * production), each response is also checked against its zod schema, so a presenter drifting from
 * its contract still fails in tests and development.
 */
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<import('fastify').FastifyInstance['setSerializerCompiler']>[0];

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/** The compiled stringifier of a zod schema, or null when JSON Schema cannot express it. */
export function compileStringifier(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

export function createResponseSerializer(options: { verify: boolean }): SerializerCompiler {
  return (routeSchema) => {
    const zodEncode = (zodSerializerCompiler as SerializerCompiler)(routeSchema);
    const schema = zodSchemaOf(routeSchema.schema);
    const fast = schema ? compileStringifier(schema) : null;
    if (!fast) return zodEncode;
    return (data) => {
      // Outside production the zod encoder runs too: it throws when the data breaks the contract.
      if (options.verify) zodEncode(data);
      return fast(data);
    };
  };
}
