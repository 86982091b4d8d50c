import { createServer, type IncomingMessage, type Server } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible server for tests: `POST /v1/images/generations` answers b64_json PNGs made in
 * code, `POST /v1/chat/completions` answers the JSON the test sets, `GET /v1/models` a list. `mode` makes
 * it fail (500), refuse (400), hang past any time-out, or send what is not an image; another process (the
 * browser journeys) sets it with `POST /v1/__fake/mode` (under the base URL) `{ mode }`.
 */

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG of size x size pixels. */
export function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type FakeAiMode = 'ok' | 'fail' | 'refuse' | 'hang' | 'not-an-image';

export interface FakeAi {
  url: string;
  mode: FakeAiMode;
  /** What /chat/completions answers as the message content. */
  chatAnswer: unknown;
  requests: { path: string; body: Record<string, unknown>; authorization: string | undefined }[];
  close(): Promise<void>;
}

const COLOURS: [number, number, number][] = [
  [212, 175, 55],
  [192, 192, 192],
  [229, 228, 226],
  [183, 110, 121],
];

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (d) => (text += d));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

export async function startFakeAi(): Promise<FakeAi> {
  const hanging = new Set<() => void>();
  const fake: FakeAi = {
    url: '',
    mode: 'ok',
    chatAnswer: { issues: [] },
    requests: [],
    close: async () => undefined,
  };
  const server: Server = createServer(async (request, response) => {
    const body = request.method === 'POST' ? await readJson(request) : {};
    const path = (request.url ?? '').split('?')[0]!;
    fake.requests.push({ path, body, authorization: request.headers.authorization });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (path === '/v1/models') return send(200, { object: 'list', data: [{ id: 'fake-image' }] });
    if (path === '/v1/__fake/mode' && request.method === 'POST') {
      fake.mode = body.mode as FakeAiMode;
      return send(200, { mode: fake.mode });
    }
    if (fake.mode === 'hang') {
      hanging.add(() => response.destroy());
      return;
    }
    if (fake.mode === 'fail') return send(500, { error: { message: 'upstream exploded' } });
    if (fake.mode === 'refuse') return send(400, { error: { message: 'content policy' } });
    if (path === '/v1/images/generations') {
      const n = Math.max(1, Math.min(Number(body.n) || 1, 4));
      return send(200, {
        created: Math.floor(Date.now() / 1000),
        data: Array.from({ length: n }, (_, i) => ({
          b64_json:
            fake.mode === 'not-an-image'
              ? Buffer.from('hello, not an image at all').toString('base64')
              : solidPng(16, COLOURS[i % COLOURS.length]!).toString('base64'),
        })),
      });
    }
    if (path === '/v1/chat/completions') {
      return send(200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: JSON.stringify(fake.chatAnswer) },
          },
        ],
      });
    }
    return send(404, { error: { message: `no route ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    for (const end of hanging) end();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}
