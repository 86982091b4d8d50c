import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../errors';
import { solidPng, startFakeAi, type FakeAi } from '../../test/fake-openai';
import { aiOff, imageFormat, openAiCompatible, type AiConfig } from './ai';

let fake: FakeAi;
beforeAll(async () => {
  fake = await startFakeAi();
});
afterAll(() => fake.close());

const config = (overrides: Partial<AiConfig> = {}): AiConfig => ({
  baseUrl: fake.url,
  apiKey: 'sk-test-key',
  imageModel: 'fake-image',
  textModel: 'fake-text',
  timeoutMs: 1000,
  maxRetries: 1,
  ...overrides,
});

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the AI port against an OpenAI-compatible server', () => {
  test('concept images come back as PNG bytes from POST /images/generations with b64_json', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const images = await openAiCompatible(config()).generateImages('a silver ring', 4);
    expect(images).toHaveLength(4);
    for (const image of images) {
      expect(image.contentType).toBe('image/png');
      expect((await imageFormat(image.bytes))?.ext).toBe('png');
    }
    const [sent] = fake.requests;
    expect(sent?.path).toBe('/v1/images/generations');
    expect(sent?.body).toMatchObject({
      model: 'fake-image',
      prompt: 'a silver ring',
      n: 4,
      response_format: 'b64_json',
    });
    expect(sent?.authorization).toBe('Bearer sk-test-key');
  });

  test('the text helpers read a JSON object from POST /chat/completions', async () => {
    fake.mode = 'ok';
    fake.chatAnswer = { issues: [{ field: 'description', message: 'Say the ring size.' }] };
    const answer = await openAiCompatible(config()).chatJson([{ role: 'user', content: 'check' }]);
    expect(answer).toEqual(fake.chatAnswer);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      model: 'fake-text',
      response_format: { type: 'json_object' },
    });
  });

  test('a failing provider is retried a bounded number of times, then a clear 502', async () => {
    fake.mode = 'fail';
    fake.requests.length = 0;
    const error = await refusal(openAiCompatible(config({ maxRetries: 2 })).generateImages('x', 1));
    expect(error.status).toBe(502);
    expect(error.code).toBe('ai_failed');
    expect(error.message).toBe('The AI service could not create this. Please try again in a moment.');
    expect(fake.requests).toHaveLength(3);
  });

  test('a refusal (4xx) is not retried', async () => {
    fake.mode = 'refuse';
    fake.requests.length = 0;
    const error = await refusal(openAiCompatible(config({ maxRetries: 2 })).generateImages('x', 1));
    expect(error.status).toBe(502);
    expect(fake.requests).toHaveLength(1);
  });

  test('a provider that does not answer times out: 503 within the bounds, never a hang', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const error = await refusal(
      openAiCompatible(config({ timeoutMs: 1000, maxRetries: 1 })).generateImages('x', 1),
    );
    expect(error.status).toBe(503);
    expect(error.code).toBe('ai_unavailable');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('an answer that is not an image, or a server that is not there, is a clear error', async () => {
    fake.mode = 'not-an-image';
    expect((await refusal(openAiCompatible(config()).generateImages('x', 2))).status).toBe(502);
    const gone = openAiCompatible(config({ baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 }));
    expect((await refusal(gone.generateImages('x', 1))).status).toBe(503);
    expect(await gone.reachable(500)).toBe(false);
    fake.mode = 'ok';
    expect(await openAiCompatible(config()).reachable(1000)).toBe(true);
  });

  test('a concept image is stored only as PNG, JPEG or WebP, known by its bytes', async () => {
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([26, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(18),
    ]);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(20),
    ]);
    expect(await imageFormat(solidPng(2, [1, 2, 3]))).toEqual({ ext: 'png', type: 'image/png' });
    expect(await imageFormat(jpeg)).toEqual({ ext: 'jpg', type: 'image/jpeg' });
    expect(await imageFormat(webp)).toEqual({ ext: 'webp', type: 'image/webp' });
    // a GIF is an image, but not one we store; text and nothing at all are none
    expect(await imageFormat(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]))).toBeNull();
    expect(await imageFormat(Buffer.from('{"error":"no image"}'))).toBeNull();
    expect(await imageFormat(new Uint8Array(0))).toBeNull();
  });

  test('with nothing configured, images are refused plainly', async () => {
    const error = await refusal(aiOff.generateImages('x', 1));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Image generation is not configured.');
    expect(aiOff.images).toBe(false);
  });
});

describe('the AI settings', () => {
  test('AI_BASE_URL needs AI_API_KEY and a model; with both the port is on', async () => {
    const { loadConfig, ConfigError } = await import('../../config');
    const base = { NODE_ENV: 'test', PORT: '3000' };
    expect(loadConfig(base).ai).toBeNull();
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:9/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'k' })).toThrow(
      /AI_IMAGE_MODEL/,
    );
    expect(
      loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'k', AI_IMAGE_MODEL: 'm' }).ai,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      imageModel: 'm',
      textModel: null,
      timeoutMs: 60_000,
      maxRetries: 2,
    });
  });
});
