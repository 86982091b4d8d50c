import { describe, expect, test } from 'vitest';
import type { Model } from './types';
import {
  MAX_MODEL_BYTES,
  checkModelFile,
  initialUploadState,
  mayRetryAnalysis,
  uploadMessages,
  uploadPercent,
  uploadReducer,
  type UploadEvent,
  type UploadState,
} from './upload-machine';

const file = (name = 'ring.stl', size = 1000) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const model = (over: Partial<Model> = {}): Model => ({
  id: 'm1',
  fileName: 'ring.stl',
  sizeBytes: 1000,
  status: 'ready',
  unit: 'mm',
  unitConfirmed: false,
  rawAnalysis: null,
  analysis: null,
  error: null,
  fileUrl: '/api/models/m1/file',
  thumbnailUrl: null,
  thumbnailSource: null,
  libraryProductId: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});
const run = (events: UploadEvent[], from: UploadState = initialUploadState) =>
  events.reduce(uploadReducer, from);

describe('checks before upload', () => {
  test('type by extension, any case', () => {
    for (const name of ['a.stl', 'b.OBJ', 'c.ply', 'd.3MF']) expect(checkModelFile(file(name))).toBeNull();
    expect(checkModelFile(file('ring.step'))).toBe(
      'Sorry, this file format is not supported! Upload an STL, OBJ, PLY or 3MF file.',
    );
    expect(checkModelFile(file('stl'))).toBe(uploadMessages.unsupported);
  });
  test('size limit and empty files', () => {
    expect(checkModelFile(file('a.stl', MAX_MODEL_BYTES))).toBeNull();
    expect(checkModelFile(file('a.stl', MAX_MODEL_BYTES + 1))).toBe(
      'Sorry, your file is too large. Maximum size is 250 MB.',
    );
    expect(checkModelFile(file('a.stl', 0))).toBe('The file is empty.');
  });
});

describe('upload state machine', () => {
  test('the happy path: preparing, uploading with progress, analysing, ready', () => {
    const f = file();
    let s = run([{ type: 'select', file: f }]);
    expect(s.status).toBe('preparing');
    s = run([{ type: 'created', modelId: 'm1' }], s);
    expect(s).toMatchObject({ status: 'uploading', modelId: 'm1', loaded: 0, total: 1000 });
    s = run([{ type: 'progress', loaded: 250, total: 1000 }], s);
    expect(uploadPercent(s)).toBe(25);
    s = run([{ type: 'uploaded' }], s);
    expect(s).toMatchObject({ status: 'analysing', modelId: 'm1' });
    expect(uploadPercent(s)).toBe(100);
    s = run([{ type: 'analysed', model: model() }], s);
    expect(s).toMatchObject({ status: 'ready', model: { id: 'm1' } });
  });
  test('progress never goes backwards nor past the total', () => {
    const s = run([
      { type: 'select', file: file() },
      { type: 'created', modelId: 'm1' },
      { type: 'progress', loaded: 600, total: 1000 },
      { type: 'progress', loaded: 300, total: 1000 },
    ]);
    expect(uploadPercent(s)).toBe(60);
    expect(uploadPercent(run([{ type: 'progress', loaded: 5000, total: 1000 }], s))).toBe(100);
  });
  test('a refused file fails at once with the message, and nothing is sent', () => {
    const s = run([{ type: 'select', file: file('ring.txt') }]);
    expect(s).toEqual({
      status: 'failed',
      file: expect.any(File),
      modelId: null,
      message: uploadMessages.unsupported,
    });
  });
  test('cancel during the transfer; cancel is ignored once the server is analysing', () => {
    const uploading = run([
      { type: 'select', file: file() },
      { type: 'created', modelId: 'm1' },
    ]);
    expect(run([{ type: 'cancel' }], uploading)).toMatchObject({ status: 'cancelled', modelId: 'm1' });
    const analysing = run([{ type: 'uploaded' }], uploading);
    expect(run([{ type: 'cancel' }], analysing)).toBe(analysing);
  });
  test('a storage failure carries the spec text; a model the server could not read carries its message', () => {
    const uploading = run([
      { type: 'select', file: file() },
      { type: 'created', modelId: 'm1' },
    ]);
    expect(run([{ type: 'failed', message: uploadMessages.storageFailed }], uploading)).toMatchObject({
      status: 'failed',
      modelId: 'm1',
      message: 'The upload to storage failed. Please try again.',
    });
    const failed = run(
      [
        { type: 'uploaded' },
        {
          type: 'analysed',
          model: model({
            status: 'failed',
            error: { code: 'truncated_file', message: 'The STL file is cut short.' },
          }),
        },
      ],
      uploading,
    );
    expect(failed).toMatchObject({ status: 'failed', message: 'The STL file is cut short.' });
  });
  test('one upload at a time: a new file waits, reset only when idle', () => {
    const busy = run([{ type: 'select', file: file('a.stl') }]);
    expect(run([{ type: 'select', file: file('b.stl') }], busy)).toBe(busy);
    expect(run([{ type: 'reset' }], busy)).toBe(busy);
    const done = run([{ type: 'select', file: file('x.txt') }]);
    expect(run([{ type: 'reset' }], done)).toEqual(initialUploadState);
  });
});

describe('retrying an analysis', () => {
  const failedWith = (code: string) => ({ status: 'failed' as const, error: { code, message: 'x' } });
  test('is offered when the analysis ran out of time or broke off, not when the file itself was refused', () => {
    expect(mayRetryAnalysis(failedWith('analysis_timeout'))).toBe(true);
    expect(mayRetryAnalysis(failedWith('analysis_failed'))).toBe(true);
    expect(mayRetryAnalysis(failedWith('not_a_model'))).toBe(false);
    expect(mayRetryAnalysis(failedWith('out_of_range'))).toBe(false);
    expect(mayRetryAnalysis({ status: 'ready', error: null })).toBe(false);
  });
});
