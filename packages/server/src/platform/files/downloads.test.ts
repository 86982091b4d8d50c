import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatWorld } from '../../modules/chat/chat-test-kit';
import { fixture } from '../../modules/models/models.test-helper';

/**
 * Every file download goes through one helper and sends the same safe headers: its own content type,
 * never sniffed; an RFC 6266 Content-Disposition (inline only for images); a sandboxing CSP; private
 * caching; the length when it is known.
 */

const world = chatWorld();
beforeAll(world.start, 60_000);
afterAll(world.stop);

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3,
]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');
const STL = fixture('stl_binary-Cube.stl');

async function send(who: string, method: 'POST' | 'PUT', path: string, form: FormData) {
  const r = await fetch(`${world.url}${path}`, {
    method,
    headers: { cookie: world.cookies[who]! },
    body: form,
  });
  const body = await r.text();
  expect(r.status, body).toBeLessThan(300);
  return JSON.parse(body) as unknown;
}

const formOf = (field: string, name: string, bytes: Uint8Array, extra: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(field, new Blob([Buffer.from(bytes)]), name);
  return form;
};

interface Download {
  route: string;
  url: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  fileName: string;
  /** The body's length, when the length is known before sending. */
  length: number | null;
}
const downloads: Download[] = [];

beforeAll(async () => {
  // an avatar (the files route)
  const me = await send('customer', 'PUT', '/api/me/avatar', formOf('avatar', 'me at work.png', PNG));
  const avatarUrl = (me as { user: { avatarUrl: string } }).user.avatarUrl;
  downloads.push({
    route: 'GET /api/files/:id',
    url: avatarUrl,
    contentType: 'image/png',
    disposition: 'inline',
    fileName: 'me at work.png',
    length: PNG.byteLength,
  });

  // a model, its file and its thumbnail
  const start = await world.call('customer', 'POST', '/api/models', {
    fileName: 'Ring ü.stl',
    sizeBytes: STL.byteLength,
  });
  const { model, upload } = start.json() as { model: { id: string }; upload: { url: string } };
  const put = await fetch(`${world.url}${upload.url}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.from(STL),
  });
  expect(put.status).toBe(204);
  expect((await world.call('customer', 'POST', `/api/models/${model.id}/complete`)).statusCode).toBe(200);
  const withThumb = await send(
    'customer',
    'PUT',
    `/api/models/${model.id}/thumbnail`,
    formOf('image', 'blob', PNG, { source: 'render' }),
  );
  downloads.push(
    {
      route: 'GET /api/models/:id/file',
      url: `/api/models/${model.id}/file`,
      contentType: 'application/octet-stream',
      disposition: 'attachment',
      fileName: 'Ring ü.stl',
      length: STL.byteLength,
    },
    {
      route: 'GET /api/models/:id/thumbnail',
      url: (withThumb as { model: { thumbnailUrl: string } }).model.thumbnailUrl,
      contentType: 'image/png',
      disposition: 'inline',
      fileName: 'Ring ü.png',
      length: PNG.byteLength,
    },
  );

  // a project with an attachment, a 3D file (for the zip) and an item image; a chat file in its room
  const { projectId, room } = await world.invitedRoom('designer', 'Headers ring');
  const added = await send(
    'customer',
    'POST',
    `/api/projects/${projectId}/attachments`,
    (() => {
      const form = formOf('files', 'notes.pdf', PDF);
      form.append('files', new Blob([Buffer.from(STL)]), 'Ring.stl');
      return form;
    })(),
  );
  const [pdf] = (added as { attachments: { downloadUrl: string }[] }).attachments;
  const detail = (await world.call('customer', 'GET', `/api/projects/${projectId}`)).json();
  const itemId = detail.project.items[0].id as string;
  const withImage = await send(
    'customer',
    'POST',
    `/api/project-items/${itemId}/images`,
    formOf('image', 'front.png', PNG),
  );
  const image = (withImage as { item: { images: { url: string }[] } }).item.images[0]!;
  const sent = await send(
    'customer',
    'POST',
    `/api/rooms/${encodeURIComponent(room)}/attachments`,
    formOf('file', 'sketch.pdf', PDF),
  );
  downloads.push(
    {
      route: 'GET /api/projects/:id/attachments/:attachmentId (a file)',
      url: pdf!.downloadUrl,
      contentType: 'application/pdf',
      disposition: 'attachment',
      fileName: 'notes.pdf',
      length: PDF.byteLength,
    },
    {
      route: 'GET /api/projects/:id/attachments/:attachmentId (an item image)',
      url: image.url,
      contentType: 'image/png',
      disposition: 'inline',
      fileName: 'front.png',
      length: PNG.byteLength,
    },
    {
      route: 'GET /api/projects/:id/models.zip',
      url: `/api/projects/${projectId}/models.zip`,
      contentType: 'application/zip',
      disposition: 'attachment',
      fileName: 'Headers ring models.zip',
      length: null,
    },
    {
      route: 'GET /api/attachments/:id (chat)',
      url: (sent as { attachment: { url: string } }).attachment.url,
      contentType: 'application/pdf',
      disposition: 'attachment',
      fileName: 'sketch.pdf',
      length: PDF.byteLength,
    },
  );
}, 120_000);

describe('file downloads', () => {
  test('every download route is in the table', () => {
    expect(downloads.map((d) => d.route.split(' (')[0])).toEqual([
      'GET /api/files/:id',
      'GET /api/models/:id/file',
      'GET /api/models/:id/thumbnail',
      'GET /api/projects/:id/attachments/:attachmentId',
      'GET /api/projects/:id/attachments/:attachmentId',
      'GET /api/projects/:id/models.zip',
      'GET /api/attachments/:id',
    ]);
  });

  test('each sends the same safe headers', async () => {
    for (const d of downloads) {
      const r = await world.call('customer', 'GET', d.url);
      expect(r.statusCode, `${d.route}: ${r.body.slice(0, 200)}`).toBe(200);
      const h = r.headers;
      expect(h['content-type'], d.route).toBe(d.contentType);
      expect(h['x-content-type-options'], d.route).toBe('nosniff');
      expect(h['content-security-policy'], d.route).toBe("default-src 'none'; sandbox");
      expect(String(h['cache-control']), d.route).toMatch(/^private, max-age=\d+$/);
      const disposition = parseDisposition(String(h['content-disposition']));
      expect(disposition.type, d.route).toBe(d.disposition);
      expect(disposition.parameters.filename, d.route).toBe(d.fileName);
      if (d.length !== null) {
        expect(h['content-length'], d.route).toBe(String(d.length));
        expect(r.rawPayload.byteLength, d.route).toBe(d.length);
      }
    }
  });

  test('a name with quotes, line breaks or a path is offered back safely', async () => {
    const { room } = await world.invitedRoom('designer', 'Odd names');
    const sent = await send(
      'customer',
      'POST',
      `/api/rooms/${encodeURIComponent(room)}/attachments`,
      formOf('file', 'a\\b/"quoted"\r\nX-Injected: 1.pdf', PDF),
    );
    const r = await world.call('customer', 'GET', (sent as { attachment: { url: string } }).attachment.url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-injected']).toBeUndefined();
    const disposition = parseDisposition(String(r.headers['content-disposition']));
    expect(disposition.type).toBe('attachment');
    expect(disposition.parameters.filename).not.toMatch(/[\r\n/\\]/);
  });
});
