/**
 * Chat attachment rules (spec sections 5 and 9): at most 100 MB, a fixed list of extensions, and the
 * spec's two messages word for word. The name is checked here (cheap, before any upload); the server
 * then checks the content by its first bytes (`platform/files`), so a renamed executable or page never
 * passes as a picture.
 */

/** 100 MB, as the spec counts it (binary megabytes). */
export const MAX_CHAT_FILE_BYTES = 100 * 1024 * 1024;

export const CHAT_FILE_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'pdf',
  'webp',
  'docx',
  'docs',
  'txt',
  'xlsx',
  'csv',
  'gif',
] as const;
export type ChatFileExtension = (typeof CHAT_FILE_EXTENSIONS)[number];

export const FILE_TOO_LARGE_MESSAGE =
  'Sorry, your file is too large. Maximum file size is 100mb. Please reduce your file size and try again.';
export const FILE_FORMAT_NOT_SUPPORTED_MESSAGE = 'Sorry, this file format is not supported!';

export type ChatFileRejection =
  | { ok: false; reason: 'too_large'; message: typeof FILE_TOO_LARGE_MESSAGE }
  | { ok: false; reason: 'unsupported_format'; message: typeof FILE_FORMAT_NOT_SUPPORTED_MESSAGE };
export type ChatFileCheck = { ok: true; extension: ChatFileExtension } | ChatFileRejection;

const TOO_LARGE: ChatFileRejection = { ok: false, reason: 'too_large', message: FILE_TOO_LARGE_MESSAGE };
const UNSUPPORTED: ChatFileRejection = {
  ok: false,
  reason: 'unsupported_format',
  message: FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
};

/** The lower-cased extension after the last dot, or '' when the name has none. */
export function chatFileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

export function isChatFileExtension(extension: string): extension is ChatFileExtension {
  return (CHAT_FILE_EXTENSIONS as readonly string[]).includes(extension);
}

/** The name-and-size check, done before uploading. Size first, as the spec lists it. */
export function checkChatFile(file: { name: string; sizeBytes: number }): ChatFileCheck {
  if (!Number.isFinite(file.sizeBytes) || file.sizeBytes > MAX_CHAT_FILE_BYTES) return TOO_LARGE;
  const extension = chatFileExtension(file.name);
  return isChatFileExtension(extension) ? { ok: true, extension } : UNSUPPORTED;
}
