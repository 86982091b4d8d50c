import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analysis, catalog, library, model, quoteFor } from '../testing/produce-fakes';
import { ProduceStepsPage } from './produce-steps-page';
import { fakeApi, me, renderAt } from '../../../testing';
import type { Recorded } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function serve(theModel = model()) {
  return fakeApi((request: Omit<Recorded, never>) => {
    const { method, path, body } = request;
    if (method === 'GET' && path === '/api/me')
      return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    if (method === 'GET' && path === '/api/models/m1') return { status: 200, body: { model: theModel } };
    if (method === 'GET' && path === '/api/catalog') return { status: 200, body: catalog };
    if (method === 'GET' && path === '/api/library') return { status: 200, body: library };
    if (method === 'POST' && path === '/api/pricing') {
      const b = body as { materialId: number; quantity: number };
      if (!theModel.analysis?.watertight)
        return {
          status: 422,
          body: {
            error: {
              code: 'not_watertight',
              message: 'This model is not watertight (its surface has holes).',
            },
          },
        };
      return { status: 200, body: quoteFor(b.materialId, b.quantity) };
    }
    if (method === 'POST' && path === '/api/cart/items') {
      const b = body as { quantity: number };
      return { status: 201, body: { id: 'line1', title: 'half-donut.stl', quantity: b.quantity } };
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
    return undefined!;
  });
}

const pricingCalls = (requests: Recorded[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/pricing');

describe('produce steps', () => {
  test('shows the measurements by the dimension rule, the fallback for no WebGL, and the itemised price', async () => {
    serve();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByRole('heading', { name: 'half-donut.stl' });
    const measures = await screen.findByTestId('measures');
    expect(within(measures).getByText('Width').nextSibling?.textContent).toBe('3 mm');
    expect(within(measures).getByText('Height').nextSibling?.textContent).toBe('0.50 mm');
    expect(within(measures).getByText('Volume').nextSibling?.textContent).toBe('2.34 mm³');
    // jsdom has no WebGL: the view says so and everything else works
    expect(screen.getByText('3D preview unavailable')).toBeTruthy();
    expect((await screen.findByTestId('total-price')).textContent).toBe('$42.94');
    expect(screen.getByText('Casting').nextSibling?.textContent).toBe('$13.78');
    // the fixed charges are named under the breakdown
    expect(screen.getByTestId('fixed-charges').textContent).toContain('a $10.00 casting charge per piece');
    const cart = screen.getByRole('button', { name: /Add to cart/ }) as HTMLButtonElement;
    expect(cart.disabled).toBe(false);
  });

  test('Add to cart sends the model, the choices and the quantity (never a price) and offers the cart', async () => {
    const api = serve();
    const u = userEvent.setup();
    const { router } = renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByTestId('total-price');
    const quantity = screen.getByLabelText(/^Quantity/);
    await u.clear(quantity);
    await u.type(quantity, '3');
    await vi.waitFor(() => expect(pricingCalls(api.requests).at(-1)?.body).toMatchObject({ quantity: 3 }));
    await u.click(screen.getByRole('button', { name: /Add to cart/ }));
    const toast = await screen.findByText('Added to your cart');
    expect(toast).toBeTruthy();
    const added = api.requests.filter((r) => r.method === 'POST' && r.path === '/api/cart/items');
    expect(added).toHaveLength(1);
    expect(added[0]!.body).toMatchObject({
      modelId: 'm1',
      quantity: 3,
      choices: { materialId: 1, polishId: 1 },
    });
    expect(JSON.stringify(added[0]!.body)).not.toMatch(/price/i);
    // the toast sits above the page; its action is a real button
    fireEvent.click(screen.getByRole('button', { name: 'View cart' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  test('quick changes ask for one price, 500 ms after the last change, with the last choice', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByTestId('total-price');
    const before = pricingCalls(api.requests).length;
    await u.click(screen.getByRole('radio', { name: '14k Yellow Gold' }));
    await u.click(screen.getByRole('radio', { name: 'Brass' }));
    await u.click(screen.getByRole('radio', { name: '14k Yellow Gold' }));
    expect(screen.getByText('Updating…')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('total-price').textContent).toBe('$49.35'), {
      timeout: 3000,
    });
    const after = pricingCalls(api.requests).slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]!.body).toMatchObject({
      modelId: 'm1',
      materialId: 2,
      polishId: 1,
      platingId: 1,
      quantity: 1,
    });
  });

  test('plating is offered only where the material can plate; a bad quantity holds the price', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByTestId('total-price');
    await u.click(screen.getByRole('radio', { name: 'Brass' }));
    expect((screen.getByLabelText(/^Plating/) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('Brass cannot be plated.')).toBeTruthy();
    await vi.waitFor(() => expect(pricingCalls(api.requests).at(-1)?.body).toMatchObject({ materialId: 9 }));
    expect(pricingCalls(api.requests).at(-1)?.body).not.toHaveProperty('platingId');

    const quantity = screen.getByLabelText(/^Quantity/);
    await u.clear(quantity);
    await u.type(quantity, '0');
    expect(screen.getByText('Enter a whole number of pieces from 1 to 100,000.')).toBeTruthy();
  });

  test('the item type is chosen from the catalog and sent with the price request', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByTestId('total-price');
    const itemType = screen.getByLabelText(/^Item type/) as HTMLSelectElement;
    expect(itemType.value).toBe('');
    expect([...itemType.options].map((o) => o.text)).toEqual([
      'Choose the item type',
      'Necklace',
      'Ring',
      'Earring',
      'Charm',
    ]);
    expect(pricingCalls(api.requests).at(-1)?.body).not.toHaveProperty('itemTypeId');
    await u.selectOptions(itemType, 'Ring');
    await vi.waitFor(() => expect(pricingCalls(api.requests).at(-1)?.body).toMatchObject({ itemTypeId: 2 }));
  });

  test('coming from /produce/ring, the model is priced as a ring from the start', async () => {
    const api = serve();
    renderAt('/produce/steps?model=m1&type=Ring', <ProduceStepsPage />);
    await screen.findByTestId('total-price');
    await vi.waitFor(() => expect(pricingCalls(api.requests).at(-1)?.body).toMatchObject({ itemTypeId: 2 }));
  });

  test('an assembly charged per part asks for the number of parts and prices it; a bad number holds the price', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByTestId('total-price');
    expect(screen.queryByLabelText(/^Number of parts/)).toBeNull();
    await u.selectOptions(screen.getByLabelText(/^Assembly/), '3');
    const parts = screen.getByLabelText(/^Number of parts/) as HTMLInputElement;
    expect(parts.value).toBe('1');
    await u.clear(parts);
    await u.type(parts, '3');
    await vi.waitFor(() =>
      expect(pricingCalls(api.requests).at(-1)?.body).toMatchObject({ assemblyOptionId: 3, parts: 3 }),
    );
    // the metal comparison prices the same assembly, so its chosen row is the card's number
    await vi.waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/pricing/compare').at(-1)?.body).toMatchObject({
        assemblyOptionId: 3,
        parts: 3,
      }),
    );
    const priced = pricingCalls(api.requests).length;
    // the clock is the test's from here: the half second after the last change passes at once
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await u.clear(parts);
    await u.type(parts, '0');
    expect(screen.getByText('Enter a whole number of parts from 1 to 100.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(pricingCalls(api.requests).length).toBe(priced);
    vi.useRealTimers();
    // back to no assembly: the parts field goes and the price is shown again (one part)
    await u.selectOptions(screen.getByLabelText(/^Assembly/), '1');
    expect(screen.queryByLabelText(/^Number of parts/)).toBeNull();
    await vi.waitFor(() => expect(screen.getByTestId('total-price').textContent).toBe('$42.94'));
  });

  test('a file of five separate shells starts the per-part assembly at five parts, editable', async () => {
    const five = model({ analysis: analysis({ shells: 5 }), rawAnalysis: analysis({ shells: 5 }) });
    const api = serve(five);
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByTestId('total-price');
    await u.selectOptions(screen.getByLabelText(/^Assembly/), '3');
    expect((screen.getByLabelText(/^Number of parts/) as HTMLInputElement).value).toBe('5');
    await vi.waitFor(() =>
      expect(pricingCalls(api.requests).at(-1)?.body).toMatchObject({ assemblyOptionId: 3, parts: 5 }),
    );
  });

  test("a model from a library design starts at my membership's minimum and shows its text", async () => {
    const api = serve(model({ libraryProductId: 'd-bead' }));
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    expect(await screen.findByRole('heading', { name: 'Pearl Bead Charm' })).toBeTruthy();
    await screen.findByTestId('total-price');
    const quantity = screen.getByLabelText(/^Quantity/) as HTMLInputElement;
    expect(quantity.value).toBe('10');
    expect(quantity.min).toBe('10');
    // the design's item type is already chosen
    expect((screen.getByLabelText(/^Item type/) as HTMLSelectElement).value).toBe('7');
    expect(screen.getAllByText('To access Pearl Bead Charm you must order at least 10 pieces').length).toBe(
      2,
    );
    await vi.waitFor(() => expect(pricingCalls(api.requests).at(-1)?.body).toMatchObject({ quantity: 10 }));
    await u.clear(quantity);
    await u.type(quantity, '9');
    expect(screen.getAllByText('To access Pearl Bead Charm you must order at least 10 pieces').length).toBe(
      3,
    );
    expect(pricingCalls(api.requests).every((r) => (r.body as { quantity: number }).quantity >= 10)).toBe(
      true,
    );
  });

  test('a model with holes explains why there is no metal price', async () => {
    serve(model({ analysis: analysis({ watertight: false, boundaryEdges: 12 }) }));
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    expect(await screen.findByText('This model is not watertight.')).toBeTruthy();
    expect(screen.getByText(/12 open edges border holes/)).toBeTruthy();
    expect(
      (await screen.findAllByRole('alert')).some((a) => /not watertight/.test(a.textContent ?? '')),
    ).toBe(true);
  });

  test('a unit guess other than mm asks the customer to confirm, and sends the unit', async () => {
    const raw = analysis({ sizeMm: { x: 0.8, y: 0.1, z: 0.8 }, unitGuess: 'in' });
    const api = serve(model({ rawAnalysis: raw, analysis: raw }));
    const u = userEvent.setup();
    renderAt('/produce/steps?model=m1', <ProduceStepsPage />);
    await screen.findByText(/It looks like it was drawn in/);
    expect(screen.getByText('Read in inches (in), the piece measures 20 mm × 3 mm × 20 mm.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Confirm unit' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')).toMatchObject({
        path: '/api/models/m1',
        body: { unit: 'in' },
      }),
    );
  });
});
