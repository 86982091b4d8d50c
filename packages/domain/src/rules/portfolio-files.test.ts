import { describe, expect, test } from 'vitest';
import {
  addPortfolioFiles,
  checkAvatarFile,
  checkPortfolioUpload,
  fileExtension,
  isSupportedPortfolioFile,
  PORTFOLIO_ACCEPT,
  PORTFOLIO_MAX_FILE_BYTES,
  PORTFOLIO_MAX_FILES,
  removePortfolioFile,
} from './portfolio-files';
import { accountMessages as m } from './messages';

const file = (name: string, size = 1000) => ({ name, size });

describe('portfolio files', () => {
  test('jpg, jpeg, png, pdf and webp are accepted by extension, any case', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.Png', 'd.pdf', 'e.WEBP', 'ring.v2.jpg'])
      expect(isSupportedPortfolioFile(name), name).toBe(true);
    for (const name of ['a.gif', 'b.stl', 'c', 'jpg', '.png', 'd.png.exe', 'e.docx', 'f.'])
      expect(isSupportedPortfolioFile(name), name).toBe(false);
    expect(fileExtension('Ring.Final.JPG')).toBe('jpg');
    expect(PORTFOLIO_ACCEPT).toBe('.jpg,.jpeg,.png,.pdf,.webp');
  });

  test('new files are appended in order', () => {
    const result = addPortfolioFiles([file('a.jpg')], [file('b.png'), file('c.pdf')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.pdf']);
    expect(result.added.map((f) => f.name)).toEqual(['b.png', 'c.pdf']);
    expect(result.message).toBeNull();
  });

  test('duplicates by name are skipped silently, also within one batch', () => {
    const result = addPortfolioFiles([file('a.jpg')], [file('a.jpg', 5), file('b.png'), file('b.png')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
    expect(result.files[0]?.size).toBe(1000);
    expect(result.duplicates).toEqual(['a.jpg', 'b.png']);
    expect(result.message).toBeNull();
  });

  test('unsupported types are refused with the spec message while the others are added', () => {
    const result = addPortfolioFiles([], [file('ring.stl'), file('ring.jpg'), file('notes.txt')]);
    expect(result.files.map((f) => f.name)).toEqual(['ring.jpg']);
    expect(result.unsupported).toEqual(['ring.stl', 'notes.txt']);
    expect(result.message).toBe('Sorry, some files have unsupported types!');
  });

  test('files over the size limit and beyond the count limit are left out', () => {
    const big = addPortfolioFiles([], [file('big.png', PORTFOLIO_MAX_FILE_BYTES + 1)]);
    expect(big.files).toEqual([]);
    expect(big.message).toBe(m.portfolioFileTooLarge);

    const full = Array.from({ length: PORTFOLIO_MAX_FILES }, (_, i) => file(`${i}.jpg`));
    const over = addPortfolioFiles(full, [file('one-more.jpg')]);
    expect(over.files).toHaveLength(PORTFOLIO_MAX_FILES);
    expect(over.overLimit).toEqual(['one-more.jpg']);
    expect(over.message).toBe(m.portfolioTooManyFiles);
  });

  test('the existing list is not changed', () => {
    const existing = [file('a.jpg')];
    addPortfolioFiles(existing, [file('b.jpg')]);
    expect(existing).toHaveLength(1);
  });

  test('removing by name', () => {
    expect(removePortfolioFile([file('a.jpg'), file('b.jpg')], 'a.jpg').map((f) => f.name)).toEqual([
      'b.jpg',
    ]);
  });

  test('the server check of an upload batch', () => {
    expect(checkPortfolioUpload([file('a.jpg'), file('b.pdf')])).toBeNull();
    expect(checkPortfolioUpload([file('a.jpg'), file('b.gif')])).toBe(m.portfolioFilesUnsupported);
    expect(checkPortfolioUpload([file('a.jpg', PORTFOLIO_MAX_FILE_BYTES + 1)])).toBe(m.portfolioFileTooLarge);
  });

  test('avatar images: jpg, jpeg, png, webp up to 5 MB', () => {
    expect(checkAvatarFile(file('me.JPG'))).toBeNull();
    expect(checkAvatarFile(file('me.pdf'))).toBe(m.avatarUnsupported);
    expect(checkAvatarFile(file('me.png', 5 * 1024 * 1024 + 1))).toBe(m.avatarTooLarge);
  });
});
