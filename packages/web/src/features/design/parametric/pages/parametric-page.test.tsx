import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parametricMessages } from '@facet/domain/parametric';
import { fakeApi, me, renderAt } from '../../../../testing';
import type { Recorded } from '../../../../testing';
import { analysis, catalog, model, quoteFor } from '../../../produce/testing/produce-fakes';
import { ParametricPage } from './parametric-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ringParams = {
  sizeSystem: 'us',
  size: 7,
  bandWidthMm: 4,
  thicknessMm: 1.8,
  profile: 'comfort',
  engravingText: 'Always',
};
const generated = model({
  id: 'g1',
  fileName: 'ring-us-7-comfort-4x1.8mm.stl',
  fileUrl: '/api/models/g1/file',
  analysis: analysis({ volumeMm3: 180.25, sizeMm: { x: 20.92, y: 20.92, z: 4 }, triangles: 9216 }),
  parametric: { kind: 'ring', params: ringParams },
});

function serve(answer?: (body: unknown) => { status: number; body?: unknown }) {
  return fakeApi(({ method, path, body }: Recorded) => {
    if (method === 'GET' && path === '/api/me')
      return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    if (method === 'GET' && path === '/api/catalog') return { status: 200, body: catalog };
    if (method === 'GET' && path === '/api/models/g1') return { status: 200, body: { model: generated } };
    if (method === 'POST' && path === '/api/parametric-models')
      return answer
        ? answer(body)
        : {
            status: 201,
            body: {
              model: generated,
              facts: { innerDiameterMm: 17.3196, usSize: 7, euSize: 54.5, closedFormVolumeMm3: 180.25 },
            },
          };
    if (method === 'POST' && path === '/api/pricing') {
      const b = body as { materialId: number; quantity: number };
      return { status: 200, body: quoteFor(b.materialId, b.quantity) };
    }
    if (method === 'POST' && path === '/api/pricing/compare')
      return {
        status: 200,
        body: {
          materials: catalog.materials.map((m) => ({
            materialId: m.id,
            name: m.name,
            ok: true,
            quote: quoteFor(m.id).quote,
          })),
        },
      };
    if (method === 'POST' && path === '/api/cart/items')
      return { status: 201, body: { id: 'line1', title: generated.fileName, quantity: 1 } };
    return undefined!;
  });
}

const generateCalls = (requests: Recorded[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/parametric-models');

describe('parametric builder', () => {
  test('shows the inner diameter of the size and the same size in the other system', async () => {
    serve();
    const user = userEvent.setup();
    renderAt('/design/parametric', <ParametricPage />);
    await screen.findByRole('heading', { name: 'Design a piece from its measurements' });
    const preview = screen.getByTestId('size-preview');
    expect(preview.textContent).toBe('Inner diameter 17.32 mm · circumference 54.41 mm · EU 54.5');

    const size = screen.getByLabelText('US size');
    await user.clear(size);
    await user.type(size, '10.5');
    expect(preview.textContent).toBe('Inner diameter 20.16 mm · circumference 63.35 mm · EU 63.5');

    // EU: the size is converted (the diameter stays), and the preview names the US size
    await user.click(screen.getByRole('radio', { name: 'EU' }));
    expect((screen.getByLabelText('EU size') as HTMLInputElement).value).toBe('63.5');
    expect(preview.textContent).toContain('US 10.5');
  });

  test('opens on the bar when the design wizard sends ?kind=bar', async () => {
    serve();
    renderAt('/design/parametric?kind=bar', <ParametricPage />);
    await screen.findByRole('heading', { name: 'Design a piece from its measurements' });
    expect((screen.getByRole('radio', { name: 'Bar necklace bar' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Length') as HTMLInputElement).value).toBe('30');
    expect(screen.queryByLabelText('US size')).toBeNull();
  });

  test('refuses bad parameters with the rules’ messages and sends nothing', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    renderAt('/design/parametric', <ParametricPage />);
    const width = await screen.findByLabelText('Band width');
    await user.clear(width);
    await user.type(width, '25');
    const size = screen.getByLabelText('US size');
    await user.clear(size);
    await user.type(size, '2');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(parametricMessages.bandWidth)).toBeTruthy();
    expect(screen.getByText(parametricMessages.usSize)).toBeTruthy();
    expect(screen.getByLabelText('Band width').getAttribute('aria-invalid')).toBe('true');
    expect(generateCalls(requests)).toEqual([]);

    // the bar: too short for its height
    await user.click(screen.getByRole('radio', { name: 'Bar necklace bar' }));
    const height = screen.getByLabelText('Height');
    await user.clear(height);
    await user.type(height, '9');
    const length = screen.getByLabelText('Length');
    await user.clear(length);
    await user.type(length, '20');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(parametricMessages.barTooShort)).toBeTruthy();
    expect(generateCalls(requests)).toEqual([]);
  });

  test('shows the server’s field messages', async () => {
    serve(() => ({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: parametricMessages.ringThickness,
          fields: { 'params.thicknessMm': parametricMessages.ringThickness },
        },
      },
    }));
    const user = userEvent.setup();
    renderAt('/design/parametric', <ParametricPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(parametricMessages.ringThickness)).toBeTruthy();
  });

  test('generates the ring, then shows its price with the engraving and offers a project', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    renderAt('/design/parametric', <ParametricPage />);
    await user.type(await screen.findByLabelText('Engraving (optional)'), 'Always');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByTestId('generated-summary')).toBeTruthy();
    expect(generateCalls(requests).map((r) => r.body)).toEqual([{ kind: 'ring', params: ringParams }]);
    // keyboard and screen reader users land on the result
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your piece' })),
    );
    expect(screen.getByTestId('generated-summary').textContent).toBe(
      'Ring US 7 (inner diameter 17.32 mm), comfort fit, 4 × 1.8 mm',
    );
    expect((await screen.findByTestId('total-price')).textContent).toMatch(/^\$/);
    // the engraving goes to pricing as the text engraving option
    await waitFor(() => {
      const priced = requests.filter((r) => r.method === 'POST' && r.path === '/api/pricing');
      expect(priced.at(-1)?.body).toMatchObject({
        modelId: 'g1',
        laserEngravingOptionId: 2,
        laserText: 'Always',
      });
    });
    const project = screen.getByRole('link', { name: 'Start a project' });
    expect(project.getAttribute('href')).toBe('/projects?model=g1');

    await user.click(screen.getByRole('button', { name: /Add to cart/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/cart/items')).toBe(true),
    );
  });

  test('opens a generated piece again with its parameters', async () => {
    serve();
    renderAt('/design/parametric?model=g1', <ParametricPage />);
    const summary = await screen.findByTestId('generated-summary');
    expect(summary.textContent).toContain('Ring US 7');
    await waitFor(() =>
      expect((screen.getByLabelText('Engraving (optional)') as HTMLInputElement).value).toBe('Always'),
    );
    const form = screen.getByRole('form', { name: 'Piece parameters' });
    expect((within(form).getByRole('radio', { name: 'Comfort fit' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(/You changed the parameters/)).toBeNull();
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Your piece' }));
  });
});
