import { describe, expect, test } from 'vitest';
import {
  CHAT_FILE_EXTENSIONS,
  FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_CHAT_FILE_BYTES,
  checkChatFile,
  chatFileExtension,
} from './files';

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
