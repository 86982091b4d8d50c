import { fileTypeFromBuffer } from 'file-type';
import mime from 'mime-types';

/**
 * The one content check of stored files: the name says which format the sender claims (`mime-types`
 * knows the names), the first bytes say what the file is (`file-type` sniffs them). A file is taken
 * only when both agree and the format is one the caller accepts. 3D model files (STL, OBJ, PLY, 3MF)
 * have no signature to sniff; their readers in `@facet/domain/mesh` judge them.
 */

/** How many leading bytes the check reads (what `file-type` needs for the formats we take). */
export const SNIFF_BYTES = 4100;

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/**
 * What the sniffed content must be for a claimed extension. A Word or Excel file is a zip package, and
 * a short head may show only the zip; 'docs' is taken as a Word document. Text has no signature: it
 * must read as text.
 */
const EXPECTED: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
  docx: ['docx', 'zip'],
  docs: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  txt: ['text'],
  csv: ['text'],
};

/** The lower-cased extension after the last dot of the last path segment, or '' when there is none. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The content type we send for a name ('docs' is a Word document; unknown names are plain bytes). */
export function contentTypeOfName(name: string): string {
  const extension = extensionOf(name);
  if (extension === 'docs') return 'application/octet-stream';
  return (extension && mime.contentType(extension)) || 'application/octet-stream';
}

/** UTF-8 (a character cut at the end of the sample is fine) or UTF-16 with a byte-order mark, no control bytes. */
function readsAsText(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\x00-\x08\x0b\x0e-\x1f\x7f]/.test(text);
}

/** What the first bytes are: a `file-type` extension, 'text', or null when nothing is recognised. */
export async function sniff(head: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (found) return found.ext;
  return head.byteLength > 0 && readsAsText(head) ? 'text' : null;
}

export type ContentCheck =
  | { ok: true; extension: string; contentType: string }
  | { ok: false; reason: 'unsupported_name' | 'content_mismatch' };

/**
 * Whether a file named `name` whose first bytes are `head` is one of `accepted` (extensions) and is
 * what its name says. With `namelessAllowed` a name without an extension (a canvas blob) is judged by
 * its bytes alone. The content type comes from the accepted format, never from the sender.
 */
export async function checkContent(
  name: string,
  head: Uint8Array,
  accepted: readonly string[],
  { namelessAllowed = false } = {},
): Promise<ContentCheck> {
  const named = extensionOf(name);
  if (!named && namelessAllowed) {
    const found = await sniff(head);
    const extension = accepted.find(
      (ext) => found !== null && found !== 'text' && EXPECTED[ext]?.[0] === found,
    );
    if (!extension) return { ok: false, reason: 'content_mismatch' };
    return { ok: true, extension, contentType: contentTypeOfName(`file.${extension}`) };
  }
  if (!accepted.includes(named) || !EXPECTED[named]) return { ok: false, reason: 'unsupported_name' };
  const found = await sniff(head);
  if (found === null || !EXPECTED[named].includes(found)) return { ok: false, reason: 'content_mismatch' };
  return { ok: true, extension: named, contentType: contentTypeOfName(name) };
}

/** True when a file read into memory is one of `accepted` and its content is what its name says. */
export async function contentMatchesName(name: string, bytes: Uint8Array, accepted: readonly string[]) {
  return (await checkContent(name, bytes.subarray(0, SNIFF_BYTES), accepted)).ok;
}
