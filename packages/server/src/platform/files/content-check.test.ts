import { describe, expect, test } from 'vitest';
import { checkContent, contentTypeOfName, extensionOf } from './content-check';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));

const PNG = bytes(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
  'IHDR',
  [0, 0, 0, 1, 0, 0, 0, 1],
);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1]);
const WEBP = bytes('RIFF', [30, 0, 0, 0], 'WEBPVP8 ', [1, 2, 3, 4]);
const GIF = bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0]);
const PDF = bytes('%PDF-1.7\n');
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0], new Array<number>(30).fill(0));
/** A Windows program: "MZ", then the DOS stub. */
const EXE = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff], new Array<number>(50).fill(0));
const HTML = bytes('<!doctype html><script>alert(1)</script>');
const IMAGES = ['jpg', 'jpeg', 'png', 'webp'];
const CHAT = ['jpg', 'jpeg', 'png', 'pdf', 'webp', 'docx', 'docs', 'txt', 'xlsx', 'csv', 'gif'];

describe('the content check (file-type sniffs, mime-types names)', () => {
  test.each([
    ['front.png', PNG, IMAGES, 'image/png'],
    ['side.JPG', JPEG, IMAGES, 'image/jpeg'],
    ['top.webp', WEBP, IMAGES, 'image/webp'],
    ['anim.gif', GIF, CHAT, 'image/gif'],
    ['notes.pdf', PDF, CHAT, 'application/pdf'],
    ['brief.docx', ZIP, CHAT, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sheet.xlsx', ZIP, CHAT, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['notes.txt', bytes('Ring size 7, rose gold — thanks!\n'), CHAT, 'text/plain; charset=utf-8'],
    ['sizes.csv', bytes('size,price\n7,120\n'), CHAT, 'text/csv; charset=utf-8'],
  ])('%s is taken, with the type of its format', async (name, head, accepted, contentType) => {
    expect(await checkContent(name, head, accepted)).toEqual({
      ok: true,
      extension: extensionOf(name),
      contentType,
    });
  });

  test.each([
    ['a renamed program', 'photo.png', EXE, IMAGES],
    ['a page named as an image', 'photo.png', HTML, IMAGES],
    ['a jpeg named png', 'photo.png', JPEG, IMAGES],
    ['a program named as text', 'notes.txt', EXE, CHAT],
    ['an image named as a pdf', 'notes.pdf', PNG, CHAT],
    ['a program named as a Word file', 'brief.docx', EXE, CHAT],
    ['nothing at all', 'photo.png', new Uint8Array(), IMAGES],
  ])('%s is refused: the content is not what the name says', async (_what, name, head, accepted) => {
    expect(await checkContent(name, head, accepted)).toEqual({ ok: false, reason: 'content_mismatch' });
  });

  test.each([
    ['setup.exe', EXE],
    ['photo', PNG],
    ['photo.gif', GIF],
    ['page.html', HTML],
  ])('%s is refused by its name, before its content matters', async (name, head) => {
    expect(await checkContent(name, head, IMAGES)).toEqual({ ok: false, reason: 'unsupported_name' });
  });

  test('a name without an extension (a canvas blob) may be judged by its bytes alone', async () => {
    expect(await checkContent('blob', WEBP, IMAGES, { namelessAllowed: true })).toEqual({
      ok: true,
      extension: 'webp',
      contentType: 'image/webp',
    });
    expect(await checkContent('blob', EXE, IMAGES, { namelessAllowed: true })).toMatchObject({ ok: false });
  });

  test('names: the last path segment, lower-cased; unknown formats are plain bytes', () => {
    expect(extensionOf('C:\\photos\\Ring.Final.PNG')).toBe('png');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(contentTypeOfName('Ring.STL')).toBe('model/stl');
    expect(contentTypeOfName('Ring.ply')).toBe('application/octet-stream');
    expect(contentTypeOfName('brief.docs')).toBe('application/octet-stream');
    expect(contentTypeOfName('no-extension')).toBe('application/octet-stream');
  });
});
