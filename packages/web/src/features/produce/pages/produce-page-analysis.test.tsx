import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeXhr, fakeApi, me, renderAt } from '../../../testing';
import { catalog, model, uploadStart } from '../testing/produce-fakes';
import { ProducePage } from './produce-page';
import { ProduceStepsPage } from './produce-steps-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

const analysing = model({ status: 'analysing', analysis: null, rawAnalysis: null });
const timedOut = model({
  status: 'failed',
  analysis: null,
  rawAnalysis: null,
  error: {
    code: 'analysis_timeout',
    message: 'The model took too long to analyse. Please simplify it or upload a smaller file.',
  },
});

/** The server as seen after a node died mid-analysis: 202 analysing, then failed with analysis_timeout. */
function serve(retryAnswer: { status: number; body: unknown }) {
  let polls = 0;
  const api = fakeApi((request) => {
    const { method, path } = request;
    const start = uploadStart(request);
    if (start) return start;
    if (method === 'POST' && path === '/api/models/m1/complete')
      return { status: 202, body: { model: analysing } };
    if (method === 'GET' && path === '/api/models/m1') {
      polls += 1;
      return { status: 200, body: { model: timedOut } };
    }
    if (method === 'POST' && path === '/api/models/m1/retry') return retryAnswer;
    return undefined!;
  });
  return { api, polls: () => polls };
}

async function uploadAndFail() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const u = userEvent.setup();
  const page = renderAt('/produce', <ProducePage />);
  await u.upload(await screen.findByTestId('model-file-input'), new File([new Uint8Array(2000)], 'ring.stl'));
  await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
  act(() => FakeXhr.last!.finish(200));
  // the server answered "still analysing": a running bar, not a result
  const bar = await screen.findByRole('progressbar', { name: 'Analysing ring.stl' });
  expect(bar.getAttribute('aria-valuetext')).toBe('Analysing…');
  // the model is looked at again until its analysis has ended
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert.textContent).toContain(
    'The model took too long to analyse. Please simplify it or upload a smaller file.',
  );
  expect(screen.queryByRole('progressbar')).toBeNull();
  return { u, ...page };
}

describe('produce: an analysis that does not finish', () => {
  test('shows the failure and a keyboard-usable Retry that analyses again and opens the configurator', async () => {
    const { api } = serve({ status: 200, body: { model: model() } });
    const { u, router } = await uploadAndFail();
    const retry = screen.getByRole('button', { name: 'Retry analysis' });
    retry.focus();
    await u.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?model=m1'));
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/api/models/m1/retry')).toHaveLength(
      1,
    );
  });

  test('a refused retry shows the server message and offers no endless spinner', async () => {
    serve({
      status: 409,
      body: {
        error: { code: 'upload_missing', message: 'The upload to storage failed. Please try again.' },
      },
    });
    const { u } = await uploadAndFail();
    await u.click(screen.getByRole('button', { name: 'Retry analysis' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The upload to storage failed. Please try again.',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry analysis' })).toBeNull();
  });
});

describe('produce steps: a model whose analysis failed', () => {
  test('shows the reason and a Retry analysis button; while it runs, "Analysing…"; then the configurator', async () => {
    let current = timedOut;
    const api = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me')
        return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/models/m1') return { status: 200, body: { model: current } };
      if (method === 'GET' && path === '/api/catalog') return { status: 200, body: catalog };
      if (method === 'POST' && path === '/api/models/m1/retry') {
        // the analysis goes on after the answer; the next look finds it ready
        current = model();
        return { status: 202, body: { model: analysing } };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    expect(
      await screen.findByText(
        'The model took too long to analyse. Please simplify it or upload a smaller file.',
      ),
    ).toBeTruthy();
    screen.getByRole('button', { name: 'Retry analysis' }).focus();
    await u.keyboard('{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('Analysing…');
    expect(await screen.findByRole('heading', { name: 'half-donut.stl' }, { timeout: 5000 })).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/api/models/m1/retry')).toHaveLength(1);
  });
});
