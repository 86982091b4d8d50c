import type { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** A file on its way out: what the reply says about it. */
export interface Download {
  stream: Readable;
  name: string;
  contentType: string;
  /** The length when known (a zip made on the fly has none). */
  sizeBytes?: number;
  /** Shown in the page (images only); everything else is saved as a file. */
  inline?: boolean;
  /** How long the browser may keep it (private to this browser); 0: ask every time. */
  maxAgeSeconds?: number;
}

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** The name offered on saving: its last path segment, printable characters only. */
export function downloadName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const printable = Array.from(last)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return printable || 'file';
}

/**
 * Sends a stored file with the same safe headers on every download: its content type (never sniffed
 * by the browser), an RFC 6266 Content-Disposition (inline only for images), a sandboxing CSP so a
 * file opened directly can run nothing, and private caching.
 */
export function sendDownload(reply: FastifyReply, file: Download) {
  const inline = file.inline === true && INLINE_TYPES.has(file.contentType);
  if (file.sizeBytes !== undefined) reply.header('content-length', file.sizeBytes);
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', `private, max-age=${file.maxAgeSeconds ?? 3600}`)
    .header(
      'content-disposition',
      contentDisposition(downloadName(file.name), { type: inline ? 'inline' : 'attachment' }),
    )
    .send(file.stream);
}
