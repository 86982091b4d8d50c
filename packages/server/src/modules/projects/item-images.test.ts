import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectFiles } from './projects.tables';
import { files } from '../../platform/files/files.tables';
import { createTestApp, loginAs } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
const c: Record<string, string> = {};
const ids: Record<string, string> = {};
/** Every key the server asked the storage to keep (the real disk storage still does the work). */
const stored: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  c.customer = await loginAs(t.app, 'customer@demo.facet', 'customer');
  c.designer = await loginAs(t.app, 'designer@demo.facet', 'designer');
  c.designer2 = await loginAs(t.app, 'designer2@demo.facet', 'designer');
  c.staff = await loginAs(t.app, 'staff@demo.facet', 'staff');
  for (const who of ['designer', 'designer2']) {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c[who]! } });
    ids[who] = me.json().user.id;
  }
  const put = t.ctx.storage.put.bind(t.ctx.storage);
  t.ctx.storage.put = async (key, bytes) => {
    stored.push(key);
    return put(key, bytes);
  };
}, 60_000);
afterAll(async () => t?.close());

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const WEBP = new Uint8Array([...Buffer.from('RIFF'), 30, 0, 0, 0, ...Buffer.from('WEBPVP8 '), 1, 2, 3, 4]);

function multipart(field: string, name: string, bytes: Uint8Array) {
  const boundary = '----facetimg' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: c[who]! }, ...(payload ? { payload } : {}) });
const upload = (who: string, itemId: string, name: string, bytes: Uint8Array, field = 'image') => {
  const body = multipart(field, name, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/project-items/${itemId}/images`,
    headers: { cookie: c[who]!, ...body.headers },
    payload: body.payload,
  });
};

async function newProject(title: string) {
  const r = await call('customer', 'POST', '/api/projects', { title, items: [{ title, itemType: 'Ring' }] });
  expect(r.statusCode, r.body).toBe(201);
  const project = r.json().project as { id: string; items: { id: string }[] };
  return { projectId: project.id, itemId: project.items[0]!.id };
}
/** A project whose offer from `designer` was accepted (the designer is its chosen pro). */
async function adoptedProject(title: string) {
  const p = await newProject(title);
  for (const who of ['designer', 'designer2']) {
    const invited = await call('customer', 'POST', `/api/projects/${p.projectId}/invitations`, {
      proId: ids[who],
    });
    expect(invited.statusCode, invited.body).toBe(201);
  }
  const offers = (await call('customer', 'GET', `/api/projects/${p.projectId}`)).json().project.offers as {
    id: string;
    pro: { id: string };
  }[];
  const mine = offers.find((o) => o.pro.id === ids.designer)!;
  expect(
    (
      await call('designer', 'POST', `/api/invitations/${mine.id}/offer`, {
        priceCents: 40_000,
        leadTimeDays: 5,
      })
    ).statusCode,
  ).toBe(200);
  expect((await call('customer', 'POST', `/api/invitations/${mine.id}/accept`)).statusCode).toBe(200);
  return p;
}
const imageRows = (itemId: string) =>
  t.ctx.db
    .select({ id: projectFiles.id, name: files.name, storageKey: files.key })
    .from(projectFiles)
    .innerJoin(files, eq(files.id, projectFiles.fileId))
    .where(eq(projectFiles.itemId, itemId));

describe('item images', () => {
  test('the customer adds png, jpeg and webp images, sees them on the item, downloads and removes one', async () => {
    const { projectId, itemId } = await newProject('Image ring');
    const before = stored.length;
    for (const [name, bytes] of [
      ['front.png', PNG],
      ['side.JPG', JPEG],
      ['top.webp', WEBP],
    ] as const) {
      const r = await upload('customer', itemId, name, bytes);
      expect(r.statusCode, r.body).toBe(201);
    }
    expect(stored.length - before).toBe(3);
    const item = (await call('customer', 'GET', `/api/projects/${projectId}`)).json().project.items[0];
    expect(item.images.map((i: { name: string }) => i.name)).toEqual(['front.png', 'side.JPG', 'top.webp']);
    const file = await call('customer', 'GET', item.images[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(file.rawPayload)).toEqual(PNG);
    // the first image becomes the project's cover in the list
    const list = (await call('customer', 'GET', '/api/projects?q=Image%20ring')).json().projects;
    expect(list[0].coverImageUrl).toBe(item.images[0].url);

    const removed = await call(
      'customer',
      'DELETE',
      `/api/project-items/${itemId}/images/${item.images[1].id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().item.images.map((i: { name: string }) => i.name)).toEqual([
      'front.png',
      'top.webp',
    ]);
    const [row] = (await imageRows(itemId)).filter((r) => r.name === 'front.png');
    expect(await t.ctx.storage.head(row!.storageKey)).not.toBeNull();
    expect(stored.filter((k) => k.startsWith(`projects/${projectId}/`))).toHaveLength(3);
    const gone = stored
      .filter((k) => k.startsWith(`projects/${projectId}/`))
      .filter((k) => !(k === row!.storageKey));
    const heads = await Promise.all(gone.map((k) => t.ctx.storage.head(k)));
    expect(heads.filter((h) => h === null)).toHaveLength(1);
    expect((await call('customer', 'GET', item.images[1].url)).statusCode).toBe(404);
  });

  test('wrong types, disguised files, empty and too large images are refused and nothing is stored', async () => {
    const { itemId } = await newProject('Refusals');
    const before = stored.length;
    const cases: [string, Uint8Array, number, string][] = [
      ['notes.pdf', new TextEncoder().encode('%PDF-1.7'), 400, 'Sorry, this file format is not supported!'],
      ['shape.gif', new TextEncoder().encode('GIF89a'), 400, 'Sorry, this file format is not supported!'],
      [
        'fake.png',
        new TextEncoder().encode('MZ this is a program'),
        400,
        'This file is not a jpg, png or webp image.',
      ],
      ['png-named.jpg', PNG, 400, 'This file is not a jpg, png or webp image.'],
      ['empty.png', new Uint8Array(0), 400, 'The file is empty.'],
    ];
    for (const [name, bytes, status, message] of cases) {
      const r = await upload('customer', itemId, name, bytes);
      expect(r.statusCode, name).toBe(status);
      expect(r.json().error.message, name).toBe(message);
    }
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooLarge = await upload('customer', itemId, 'huge.png', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'file_too_large',
      message: 'Sorry, your image is too large. Maximum image size is 10mb.',
    });
    const wrongField = await upload('customer', itemId, 'front.png', PNG, 'files');
    expect(wrongField.json().error.code).toBe('no_files');
    const notMultipart = await call('customer', 'POST', `/api/project-items/${itemId}/images`, {
      image: 'x',
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(stored.length).toBe(before);
    expect(await imageRows(itemId)).toHaveLength(0);
  });

  test('at most 10 images per item', async () => {
    const { itemId } = await newProject('Ten images');
    for (let n = 0; n < 10; n += 1)
      expect((await upload('customer', itemId, `v${n}.png`, PNG)).statusCode).toBe(201);
    const before = stored.length;
    const eleventh = await upload('customer', itemId, 'v10.png', PNG);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({
      code: 'too_many_images',
      message: 'An item can have at most 10 images.',
    });
    expect(await imageRows(itemId)).toHaveLength(10);
    // the refused image was put down before the count and taken away again
    const refusedKey = stored.slice(before)[0]!;
    expect(await t.ctx.storage.head(refusedKey)).toBeNull();
  });

  test('permissions: invited pros, strangers and staff cannot add; the chosen pro can and removes only their own', async () => {
    const { projectId, itemId } = await newProject('Who may add');
    const invited = await call('customer', 'POST', `/api/projects/${projectId}/invitations`, {
      proId: ids.designer,
    });
    expect(invited.statusCode).toBe(201);
    const before = stored.length;
    expect((await upload('designer', itemId, 'pro.png', PNG)).statusCode).toBe(403); // invited, not chosen
    expect((await upload('designer2', itemId, 'pro.png', PNG)).statusCode).toBe(404); // not invited: sees nothing
    expect((await upload('staff', itemId, 'staff.png', PNG)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/project-items/${itemId}/images`,
          ...multipart('image', 'a.png', PNG),
        })
      ).statusCode,
    ).toBe(401);
    expect((await upload('customer', '00000000-0000-4000-8000-000000000000', 'a.png', PNG)).statusCode).toBe(
      404,
    );
    expect(stored.length).toBe(before);

    const adopted = await adoptedProject('Chosen pro images');
    const byCustomer = (await upload('customer', adopted.itemId, 'brief.png', PNG)).json().item.images[0];
    const byPro = await upload('designer', adopted.itemId, 'render.webp', WEBP);
    expect(byPro.statusCode, byPro.body).toBe(201);
    const proImage = byPro.json().item.images.find((i: { name: string }) => i.name === 'render.webp');
    expect(proImage.uploadedBy).toBe(ids.designer);
    expect((await upload('designer2', adopted.itemId, 'x.png', PNG)).statusCode).toBe(403); // refused invitee
    const denied = await call(
      'designer',
      'DELETE',
      `/api/project-items/${adopted.itemId}/images/${byCustomer.id}`,
    );
    expect(denied.statusCode).toBe(403);
    expect(
      (await call('designer', 'DELETE', `/api/project-items/${adopted.itemId}/images/${proImage.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('customer', 'DELETE', `/api/project-items/${adopted.itemId}/images/${byCustomer.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('customer', 'DELETE', `/api/project-items/${adopted.itemId}/images/${byCustomer.id}`))
        .statusCode,
    ).toBe(404);
    expect(await imageRows(adopted.itemId)).toHaveLength(0);
    // an image id of another item is not found through this item
    const other = await newProject('Other item');
    const otherImage = (await upload('customer', other.itemId, 'o.png', PNG)).json().item.images[0];
    expect(
      (await call('customer', 'DELETE', `/api/project-items/${adopted.itemId}/images/${otherImage.id}`))
        .statusCode,
    ).toBe(404);
  });
});
