import OpenAI, { APIConnectionError, APIError } from 'openai';
import { AppError } from '../errors';
import { checkContent, SNIFF_BYTES } from '../files/content-check';

/**
 * The AI port: concept images and text helpers through an OpenAI-compatible HTTP API
 * (`POST {AI_BASE_URL}/images/generations` with b64_json, `POST {AI_BASE_URL}/chat/completions`),
 * or off. The `openai` SDK makes the calls, with a time-out per attempt and a bounded number of retries
 * (decision 057, which replaces 032's hand-written client): a provider that fails or does not answer
 * becomes a clear 502/503, never a hang or a 500.
 */

export interface AiConfig {
  /** The API root including its version, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string;
  imageModel: string | null;
  textModel: string | null;
  /** Longest one attempt may take. */
  timeoutMs: number;
  /** Further attempts after a failure that may pass (network, time-out, 429, 5xx). */
  maxRetries: number;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface AiPort {
  readonly images: boolean;
  readonly text: boolean;
  /** Concept images for a prompt (PNG, JPEG or WebP bytes). */
  generateImages(prompt: string, count: number): Promise<GeneratedImage[]>;
  /** A chat answer parsed as JSON (the model is asked for a JSON object). */
  chatJson(messages: ChatMessage[]): Promise<unknown>;
  /** Whether the provider answers at all (for the health answer). */
  reachable(timeoutMs: number): Promise<boolean>;
}

export const aiTexts = {
  notConfigured: 'Image generation is not configured.',
  textNotConfigured: 'The AI text model is not configured.',
  unavailable: 'The AI service did not answer. Please try again in a moment.',
  failed: 'The AI service could not create this. Please try again in a moment.',
  unreadable: 'The AI service gave an answer we could not read. Please try again.',
  creditsGivenBack: (credits: number) => `Your ${credits} credits were given back.`,
} as const;

export const aiUnavailable = () => new AppError('ai_unavailable', aiTexts.unavailable, 503);
const aiFailed = (message: string = aiTexts.failed) => new AppError('ai_failed', message, 502);

/** The formats a concept image is stored in. */
const IMAGE_FORMATS = ['png', 'jpg', 'webp'] as const;

/** The image's format by its first bytes (the one content check: `file-type` sniffs), or null when it is none we store. */
export async function imageFormat(bytes: Uint8Array) {
  const found = await checkContent('', bytes.subarray(0, SNIFF_BYTES), IMAGE_FORMATS, {
    namelessAllowed: true,
  });
  return found.ok ? { ext: found.extension, type: found.contentType } : null;
}

/** The SDK's failure as ours: no answer (time-out, connection) 503; a refusal, 429 or 5xx after the retries 502. */
function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof APIConnectionError) return aiUnavailable();
  // an answer the SDK could not read (not JSON) is an SDK error without a status
  if (error instanceof APIError && error.status === undefined) return aiFailed(aiTexts.unreadable);
  if (error instanceof APIError) return aiFailed();
  if (error instanceof SyntaxError) return aiFailed(aiTexts.unreadable);
  return aiUnavailable();
}

export function openAiCompatible(config: AiConfig): AiPort {
  // the SDK retries a connection failure, a time-out, 408, 409, 429 and 5xx with backoff; a 4xx refusal once
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl.replace(/\/+$/, ''),
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw asAppError(error);
    }
  }

  return {
    images: Boolean(config.imageModel),
    text: Boolean(config.textModel),

    async generateImages(prompt, count) {
      if (!config.imageModel) throw new AppError('ai_not_configured', aiTexts.notConfigured, 503);
      const model = config.imageModel;
      const answer = await call(() =>
        client.images.generate({
          model,
          prompt,
          n: count,
          size: '1024x1024',
          // the gpt-image models always answer in base64 and refuse the parameter
          ...(model.startsWith('gpt-image') ? {} : { response_format: 'b64_json' as const }),
        }),
      );
      const sent = (answer as { data?: { b64_json?: unknown }[] } | null)?.data ?? [];
      const images: GeneratedImage[] = [];
      for (const item of sent) {
        if (typeof item?.b64_json !== 'string') continue;
        const bytes = new Uint8Array(Buffer.from(item.b64_json, 'base64'));
        const format = await imageFormat(bytes);
        if (format) images.push({ bytes, contentType: format.type, extension: format.ext });
      }
      if (images.length === 0) throw aiFailed(aiTexts.unreadable);
      return images.slice(0, count);
    },

    async chatJson(messages) {
      if (!config.textModel) throw new AppError('ai_not_configured', aiTexts.textNotConfigured, 503);
      const model = config.textModel;
      const answer = await call(() =>
        client.chat.completions.create({
          model,
          messages,
          response_format: { type: 'json_object' },
          temperature: 0.2,
        }),
      );
      const content = (answer as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]
        ?.message?.content;
      if (typeof content !== 'string') throw aiFailed(aiTexts.unreadable);
      // some models wrap the object in a code fence
      const json = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
      try {
        return JSON.parse(json) as unknown;
      } catch {
        throw aiFailed(aiTexts.unreadable);
      }
    },

    async reachable(timeoutMs) {
      try {
        await client.models.list({ timeout: timeoutMs, maxRetries: 0 });
        return true;
      } catch (error) {
        // an answer that refuses (a key without the scope) still says the provider is there
        return error instanceof APIError && error.status !== undefined && error.status < 500;
      }
    },
  };
}

/** No provider: images are refused plainly; the text helpers fall back to rules (the design module decides). */
export const aiOff: AiPort = {
  images: false,
  text: false,
  async generateImages() {
    throw new AppError('ai_not_configured', aiTexts.notConfigured, 503);
  },
  async chatJson() {
    throw new AppError('ai_not_configured', aiTexts.textNotConfigured, 503);
  },
  async reachable() {
    return false;
  },
};

export function createAi(config: AiConfig | null): AiPort {
  return config ? openAiCompatible(config) : aiOff;
}
