import { jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The one error shape of the API: `{ error: { code, message, fields? } }`. */
export const errorReply = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'For machines, e.g. `not_found`, `validation_failed`' }),
      message: z.string().meta({ description: 'For people, shown as is' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Per-field messages by dotted path' }),
    }),
  })
  .meta({ id: 'Error', description: 'Error' });

/** A reply without a body (204). */
export const noContent = z.null().meta({ description: 'No content' });

/** The response schemas of a route: its success bodies plus the error shape for every 4xx and 5xx. */
export function replies<T extends Record<number, unknown>>(ok: T) {
  return { ...ok, '4xx': errorReply, '5xx': errorReply };
}

/** A file sent as bytes (download routes; the reply is a stream, never serialised), for the OpenAPI document. */
export function fileReply(description: string, contentType = 'application/octet-stream') {
  return {
    description,
    content: { [contentType]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  };
}

/** An HTML page (development pages), for the OpenAPI document. */
export function htmlReply(description: string) {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/** Keys present in `sent` (a JSON value) that `kept` lost: what a response schema would strip. */
export function droppedKeys(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return [];
    return sent.flatMap((value, i) => droppedKeys(value, kept[i], `${path}[${i}]`));
  }
  if (sent === null || typeof sent !== 'object') return [];
  if (kept === null || typeof kept !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in kept)) out.push(at);
    else out.push(...droppedKeys(value, (kept as Record<string, unknown>)[key], at));
  }
  return out;
}

/**
 * The zod serializer; with `strict` (development and tests) a reply whose schema would drop a field
 * fails loudly instead, so a response schema can never silently hide data from the web app.
 */
export function checkedSerializerCompiler(strict: boolean): typeof serializerCompiler {
  return (route) => {
    const serialize = serializerCompiler(route);
    if (!strict) return serialize;
    return (data: unknown) => {
      const json = serialize(data);
      const dropped = droppedKeys(JSON.parse(JSON.stringify(data ?? null)), JSON.parse(json));
      if (dropped.length > 0) {
        throw new Error(
          `the response schema of ${route.method} ${route.url} drops ${dropped.slice(0, 10).join(', ')}`,
        );
      }
      return json;
    };
  };
}

/**
 * Named components for the OpenAPI document (schemas with `.meta({ id })`), keeping only those the
 * document references: the generator also emits an unused `…Input` twin of every reply shape.
 */
export const namedComponents: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas;
  if (!schemas) return document as ReturnType<typeof jsonSchemaTransformObject>;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    const refs = (JSON.stringify(value) ?? '').matchAll(/"#\/components\/schemas\/([^"]+)"/g);
    for (const [, name] of refs) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(document.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document as ReturnType<typeof jsonSchemaTransformObject>;
};
