import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { model, uploadStart } from '../testing/produce-fakes';
import { ProducePage } from './produce-page';
import { FakeXhr, fakeApi, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

function serve() {
  return fakeApi((request) => {
    const { method, path } = request;
    const start = uploadStart(request);
    if (start) return start;
    if (method === 'POST' && path === '/api/models/m1/complete')
      return { status: 200, body: { model: model() } };
    if (method === 'DELETE' && path === '/api/models/m1') return { status: 204 };
    return undefined!;
  });
}

const stl = () => new File([new Uint8Array(2000)], 'ring.stl', { type: 'model/stl' });

describe('produce: upload', () => {
  test('sends the bytes to the signed URL with a real progress bar, then analyses and opens the configurator', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const api = serve();
    const u = userEvent.setup();
    const { router } = renderAt('/produce', <ProducePage />);
    expect(await screen.findByRole('heading', { name: 'No models yet' })).toBeTruthy();
    await u.upload(screen.getByTestId('model-file-input'), stl());
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/uploads/tok-1');
    expect(xhr.headers['content-type']).toBe('application/octet-stream');
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/api/models')?.body).toEqual({
      fileName: 'ring.stl',
      sizeBytes: 2000,
    });

    act(() => xhr.progress(500, 2000));
    const bar = screen.getByRole('progressbar', { name: 'Uploading ring.stl' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    act(() => xhr.progress(1500, 2000));
    expect(bar.getAttribute('aria-valuenow')).toBe('75');

    act(() => xhr.finish(200));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?model=m1'));
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/models/m1/complete')).toBe(true);
  });

  test('cancel aborts the transfer and removes the half-made model', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const api = serve();
    const u = userEvent.setup();
    renderAt('/produce', <ProducePage />);
    await u.upload(await screen.findByTestId('model-file-input'), stl());
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    await u.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('Upload cancelled.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(api.requests.some((r) => r.method === 'DELETE' && r.path === '/api/models/m1')).toBe(true),
    );
    expect(api.requests.some((r) => r.path === '/api/models/m1/complete')).toBe(false);
  });

  test('storage refusing the bytes shows the spec text', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    serve();
    const u = userEvent.setup();
    renderAt('/produce', <ProducePage />);
    await u.upload(await screen.findByTestId('model-file-input'), stl());
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.finish(500));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The upload to storage failed. Please try again.',
    );
  });

  test('a wrong type is refused before anything is sent', async () => {
    const api = serve();
    const u = userEvent.setup({ applyAccept: false });
    renderAt('/produce', <ProducePage />);
    await u.upload(await screen.findByTestId('model-file-input'), new File(['x'], 'ring.step'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sorry, this file format is not supported! Upload an STL, OBJ, PLY or 3MF file.',
    );
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
