import { describe, expect, test } from 'vitest';
import {
  CHAT_FILE_EXTENSIONS,
  FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_CHAT_FILE_BYTES,
  checkChatFile,
  checkChatFileContent,
  contentMatchesExtension,
  chatFileExtension,
  sniffFileType,
} from './files';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
/** UTF-8 bytes of a string (the domain package has no TextEncoder or Buffer types). */
const utf8 = (text: string): Uint8Array =>
  Uint8Array.from(
    encodeURIComponent(text)
      .match(/%[0-9A-F]{2}|[^%]/g)!
      .map((c) => (c.startsWith('%') ? parseInt(c.slice(1), 16) : c.charCodeAt(0))),
  );

const samples = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3]),
  zip: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0], '[Content_Types].xml'),
  text: utf8('Ring size,Width mm\n7.5,2\n'),
  exe: bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]),
};

describe('the spec texts and limits', () => {
  test('are word for word', () => {
    expect(FILE_TOO_LARGE_MESSAGE).toBe(
      'Sorry, your file is too large. Maximum file size is 100mb. Please reduce your file size and try again.',
    );
    expect(FILE_FORMAT_NOT_SUPPORTED_MESSAGE).toBe('Sorry, this file format is not supported!');
    expect(MAX_CHAT_FILE_BYTES).toBe(104_857_600);
    expect([...CHAT_FILE_EXTENSIONS].sort()).toEqual(
      ['csv', 'docs', 'docx', 'gif', 'jpeg', 'jpg', 'pdf', 'png', 'txt', 'webp', 'xlsx'].sort(),
    );
  });
});

describe('chatFileExtension', () => {
  test.each([
    ['Ring.JPG', 'jpg'],
    ['sketch.final.pdf', 'pdf'],
    ['C:\\tmp\\quote.xlsx', 'xlsx'],
    ['README', ''],
    ['.bashrc', ''],
    ['trailing.', ''],
  ])('%s -> %j', (name, ext) => expect(chatFileExtension(name)).toBe(ext));
});

describe('checkChatFile', () => {
  test('accepts every allowed extension up to exactly 100 MB', () => {
    for (const ext of CHAT_FILE_EXTENSIONS) {
      expect(checkChatFile({ name: `file.${ext}`, sizeBytes: MAX_CHAT_FILE_BYTES })).toEqual({
        ok: true,
        extension: ext,
      });
    }
  });

  test('one byte over 100 MB is too large, with the spec message', () => {
    expect(checkChatFile({ name: 'ring.png', sizeBytes: MAX_CHAT_FILE_BYTES + 1 })).toEqual({
      ok: false,
      reason: 'too_large',
      message: FILE_TOO_LARGE_MESSAGE,
    });
  });

  test.each([
    'model.stl',
    'script.exe',
    'page.html',
    'image.svg',
    'archive.zip',
    'noextension',
    'photo.jpg.exe',
  ])('%s is not supported', (name) => {
    expect(checkChatFile({ name, sizeBytes: 10 })).toEqual({
      ok: false,
      reason: 'unsupported_format',
      message: FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
    });
  });

  test('upper-case extensions are fine', () => {
    expect(checkChatFile({ name: 'SCAN.PDF', sizeBytes: 1 })).toEqual({ ok: true, extension: 'pdf' });
  });
});

describe('sniffFileType', () => {
  test.each(Object.entries(samples))('%s sample', (kind, sample) => {
    expect(sniffFileType(sample)).toBe(kind === 'exe' ? 'unknown' : kind);
  });

  test('a PDF header a little way into the file still counts', () => {
    expect(sniffFileType(bytes('\n\n  %PDF-1.4'))).toBe('pdf');
  });

  test('text: UTF-8 with accents, a BOM, a character cut by the sample end', () => {
    expect(sniffFileType(utf8('Größe 52, 18 × 2 mm, °C'))).toBe('text');
    expect(sniffFileType(bytes([0xef, 0xbb, 0xbf], 'a,b\n'))).toBe('text');
    expect(sniffFileType(utf8('Ring €').subarray(0, 6))).toBe('text');
    expect(sniffFileType(bytes([0xff, 0xfe], 'a', [0]))).toBe('text');
  });

  test('NUL bytes, control characters and broken UTF-8 are not text', () => {
    expect(sniffFileType(bytes('abc', [0], 'def'))).toBe('unknown');
    expect(sniffFileType(bytes('abc', [0x1b], '[0m'))).toBe('unknown');
    expect(sniffFileType(bytes('abc', [0xc3, 0x28]))).toBe('unknown');
  });

  test('a RIFF file that is not WebP (a WAV) is unknown', () => {
    expect(sniffFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe('unknown');
  });
});

describe('content against extension', () => {
  test('each extension accepts its own content', () => {
    expect(contentMatchesExtension('jpg', samples.jpeg)).toBe(true);
    expect(contentMatchesExtension('jpeg', samples.jpeg)).toBe(true);
    expect(contentMatchesExtension('png', samples.png)).toBe(true);
    expect(contentMatchesExtension('gif', samples.gif)).toBe(true);
    expect(contentMatchesExtension('webp', samples.webp)).toBe(true);
    expect(contentMatchesExtension('pdf', samples.pdf)).toBe(true);
    expect(contentMatchesExtension('docx', samples.zip)).toBe(true);
    expect(contentMatchesExtension('docs', samples.zip)).toBe(true);
    expect(contentMatchesExtension('xlsx', samples.zip)).toBe(true);
    expect(contentMatchesExtension('txt', samples.text)).toBe(true);
    expect(contentMatchesExtension('csv', samples.text)).toBe(true);
  });

  test('renamed files are caught', () => {
    expect(contentMatchesExtension('png', samples.jpeg)).toBe(false);
    expect(contentMatchesExtension('jpg', samples.exe)).toBe(false);
    expect(contentMatchesExtension('pdf', samples.text)).toBe(false);
    expect(contentMatchesExtension('txt', samples.zip)).toBe(false);
    expect(contentMatchesExtension('docx', samples.pdf)).toBe(false);
    expect(contentMatchesExtension('stl', samples.text)).toBe(false);
  });

  test('checkChatFileContent gives the spec messages', () => {
    expect(checkChatFileContent({ name: 'ring.png', sizeBytes: 100, firstBytes: samples.png })).toEqual({
      ok: true,
      extension: 'png',
    });
    expect(checkChatFileContent({ name: 'ring.png', sizeBytes: 100, firstBytes: samples.exe })).toMatchObject(
      {
        ok: false,
        message: FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
      },
    );
    expect(
      checkChatFileContent({ name: 'ring.png', sizeBytes: MAX_CHAT_FILE_BYTES + 1, firstBytes: samples.png }),
    ).toMatchObject({ ok: false, message: FILE_TOO_LARGE_MESSAGE });
  });
});
