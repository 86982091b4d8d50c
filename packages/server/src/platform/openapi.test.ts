import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestApp } from '../test/test-app';
import { checkedSerializerCompiler, droppedKeys, replies } from './openapi';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
};
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
/** A schema with its `$ref` (to a named component) followed. */
const resolve = (schema: Schema | undefined): Schema | undefined => {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(doc.components?.schemas?.[name]);
};
beforeAll(async () => {
  t = await createTestApp({ devMailbox: true });
  const r = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(r.statusCode).toBe(200);
  doc = r.json();
}, 60_000);
afterAll(async () => t?.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document describes every response', () => {
  test('it lists the routes of every module', () => {
    const names = operations().map((o) => o.name);
    expect(names.length).toBeGreaterThan(60);
    for (const route of [
      'GET /api/projects',
      'GET /api/projects/{id}',
      'POST /api/project-items/{id}/images',
      'DELETE /api/project-items/{id}/images/{imageId}',
      'POST /api/invitations/{id}/accept',
      'GET /api/designers',
      'POST /api/projects/{id}/rating',
      'GET /api/rooms/{roomId}/messages',
      'POST /api/models',
      'POST /api/pricing',
      'GET /api/catalog',
      'GET /api/me',
    ]) {
      expect(names).toContain(route);
    }
  });

  test('every operation has a 2xx response with a schema, or only sends the browser elsewhere', () => {
    const missing = operations()
      .filter(({ op }) => {
        const responses = Object.entries(op.responses ?? {});
        const ok = responses.filter(([code]) => /^2(\d\d|XX)$/.test(code));
        // a step of a browser flow (the identity provider's login and callback) answers with a redirect
        if (ok.length === 0) return !responses.some(([code]) => /^30[1-8]$/.test(code));
        // a 204 has no body; anything else must say what its body is
        return ok.some(
          ([code, r]) => code !== '204' && !Object.values(r.content ?? {}).some((c) => c.schema),
        );
      })
      .map((o) => o.name);
    expect(missing).toEqual([]);
  });

  test('shared shapes are named components', () => {
    for (const name of [
      'Error',
      'Project',
      'ProjectSummary',
      'ProjectItem',
      'Offer',
      'DesignerCard',
      'ChatMessage',
    ]) {
      expect(Object.keys(doc.components?.schemas ?? {})).toContain(name);
    }
    // the unused input twins of reply shapes are left out
    expect(Object.keys(doc.components?.schemas ?? {})).not.toContain('ProjectInput');
    const project = resolve({ $ref: '#/components/schemas/Project' });
    expect(Object.keys(project?.properties ?? {})).toEqual(
      expect.arrayContaining(['items', 'offers', 'team', 'allowedActions']),
    );
  });

  test('every operation describes its errors with the one error shape', () => {
    const missing = operations()
      .filter(({ op }) => {
        const error = resolve(op.responses?.['4XX']?.content?.['application/json']?.schema);
        const fields = resolve(error?.properties?.error)?.properties;
        return !fields?.code || !fields.message;
      })
      .map((o) => o.name);
    expect(missing).toEqual([]);
  });

  test('JSON success bodies are objects with their fields listed', () => {
    const vague: string[] = [];
    for (const { name, op } of operations()) {
      for (const [code, r] of Object.entries(op.responses ?? {})) {
        const schema = resolve(r.content?.['application/json']?.schema);
        if (!code.startsWith('2') || !schema) continue;
        if (schema.type !== 'object' || Object.keys(schema.properties ?? {}).length === 0)
          vague.push(`${name} ${code}`);
      }
    }
    expect(vague).toEqual([]);
  });
});

describe('response schemas never drop fields silently', () => {
  test('droppedKeys finds keys lost at any depth, in arrays too', () => {
    expect(
      droppedKeys({ a: 1, b: { c: 2, d: [{ e: 1, f: 2 }] } }, { a: 1, b: { c: 2, d: [{ e: 1 }] } }),
    ).toEqual(['b.d[0].f']);
    expect(droppedKeys({ a: 1, b: null }, { a: 1, b: null })).toEqual([]);
    expect(droppedKeys({ a: 1, x: 2 }, { a: 1 })).toEqual(['x']);
  });

  test('in tests a reply with a field its schema does not list fails instead of losing it', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(checkedSerializerCompiler(true));
    const schema = { response: replies({ 200: z.object({ kept: z.string() }) }) };
    app.get('/strict', { schema }, async () => ({ kept: 'yes', secret: 'lost' }) as { kept: string });
    app.get('/fine', { schema }, async () => ({ kept: 'yes' }));
    const strict = await app.inject({ method: 'GET', url: '/strict' });
    expect(strict.statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/fine' })).json()).toEqual({ kept: 'yes' });
    // in production the same schema strips the field (the reply still goes out)
    const prod = Fastify().withTypeProvider<ZodTypeProvider>();
    prod.setSerializerCompiler(checkedSerializerCompiler(false));
    prod.get('/strict', { schema }, async () => ({ kept: 'yes', secret: 'lost' }) as { kept: string });
    expect((await prod.inject({ method: 'GET', url: '/strict' })).json()).toEqual({ kept: 'yes' });
    await Promise.all([app.close(), prod.close()]);
  });
});
