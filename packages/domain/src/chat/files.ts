/**
 * Chat attachment rules (spec sections 5 and 9): at most 100 MB, a fixed list of extensions, and the
 * spec's two messages word for word. The name is checked first (cheap, before any upload); the content
 * is then checked by its first bytes so a renamed executable or page never passes as a picture.
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

/** How many leading bytes `sniffFileType` needs to decide (the PDF marker may sit a little way in). */
export const SNIFF_BYTES = 1024;

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

export type SniffedFileType = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'text' | 'unknown';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');
/** A zip local file header; docx and xlsx are zip packages. An empty zip (PK\x05\x06) holds no document. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function containsAt(bytes: Uint8Array, needle: readonly number[], limit: number): boolean {
  const end = Math.min(bytes.length, limit) - needle.length;
  for (let i = 0; i <= end; i++) if (startsWith(bytes, needle, i)) return true;
  return false;
}

/**
 * Whether the bytes read as text: UTF-8 (a sequence cut at the end of the sample is fine), or UTF-16
 * with a byte-order mark, and no control characters other than tab, line feed, form feed and carriage
 * return. A NUL or a broken sequence means binary.
 */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return true;
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
      if (b === 0x7f) return false;
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return false;
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return true; // the sample ends inside a character
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return false;
    }
    i += length;
  }
  return true;
}

/** What the first bytes of a file say it is (read at least `SNIFF_BYTES`, or the whole file if smaller). */
export function sniffFileType(firstBytes: Uint8Array): SniffedFileType {
  if (startsWith(firstBytes, PNG)) return 'png';
  if (startsWith(firstBytes, JPEG)) return 'jpeg';
  if (startsWith(firstBytes, GIF87) || startsWith(firstBytes, GIF89)) return 'gif';
  if (startsWith(firstBytes, RIFF) && startsWith(firstBytes, WEBP, 8)) return 'webp';
  if (startsWith(firstBytes, ZIP)) return 'zip';
  // Readers accept a PDF whose header sits within the first kilobyte.
  if (containsAt(firstBytes, PDF, SNIFF_BYTES)) return 'pdf';
  if (looksLikeText(firstBytes)) return 'text';
  return 'unknown';
}

/**
 * The content each extension must have. 'docs' is taken as a Word document like 'docx' (a zip
 * package): the spec lists it beside docx and no other format uses that name.
 */
export const CHAT_FILE_CONTENT: Readonly<Record<ChatFileExtension, SniffedFileType>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  docx: 'zip',
  docs: 'zip',
  xlsx: 'zip',
  txt: 'text',
  csv: 'text',
};

export function contentMatchesExtension(extension: string, firstBytes: Uint8Array): boolean {
  if (!isChatFileExtension(extension)) return false;
  return sniffFileType(firstBytes) === CHAT_FILE_CONTENT[extension];
}

/**
 * The full check once the first bytes are known (on the server, after receiving the start of the
 * upload). Content that does not match its name gets the spec's unsupported-format message.
 */
export function checkChatFileContent(file: {
  name: string;
  sizeBytes: number;
  firstBytes: Uint8Array;
}): ChatFileCheck {
  const byName = checkChatFile(file);
  if (!byName.ok) return byName;
  return contentMatchesExtension(byName.extension, file.firstBytes) ? byName : UNSUPPORTED;
}
