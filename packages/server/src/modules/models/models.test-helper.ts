import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { BuiltApp } from '../../app';
import { customerSignup } from '../accounts/test-payloads';
import { sessionCookie } from '../../test/test-app';
import type { ModelView } from './models.contract';

export const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

type App = BuiltApp['app'];

/** A fresh customer account (signed up through the API), as a Cookie header. */
export async function signUpCustomer(app: App, email: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: customerSignup(email) });
  expect(res.statusCode, res.body).toBe(201);
  return sessionCookie(res);
}

export async function startUpload(app: App, cookie: string, fileName: string, sizeBytes: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/models',
    headers: { cookie },
    payload: { fileName, sizeBytes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    model: ModelView;
    upload: { method: string; url: string; headers?: Record<string, string>; expiresAt: string };
  };
}

export async function putBytes(
  app: App,
  url: string,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
) {
  return app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': contentType },
    payload: Buffer.from(bytes),
  });
}

/** Create, upload and complete: the browser's three calls. Returns the completed model and the response. */
export async function uploadModel(app: App, cookie: string, fileName: string, bytes: Uint8Array) {
  const { model, upload } = await startUpload(app, cookie, fileName, bytes.byteLength);
  const put = await putBytes(app, upload.url, bytes);
  expect(put.statusCode, put.body).toBe(204);
  const done = await app.inject({
    method: 'POST',
    url: `/api/models/${model.id}/complete`,
    headers: { cookie },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { model: (done.json() as { model: ModelView }).model, response: done, upload };
}
