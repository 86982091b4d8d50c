import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { library, model } from '../testing/produce-fakes';
import { ProduceLibraryPage } from './produce-library-page';
import { fakeApi, me, renderAt, type Handler } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(answer: Handler) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.path === '/api/me')
      return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    return answer(request);
  });
}

const refused = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

describe('the design library', () => {
  test("shows the server's access per design; Use this design makes the model and opens its configurator", async () => {
    const api = serve(({ method, path }) => {
      if (method === 'GET' && path === '/api/library') return { status: 200, body: library };
      if (method === 'POST' && path === '/api/library/d-bead/models')
        return { status: 201, body: { model: model({ libraryProductId: 'd-bead' }) } };
      return undefined!;
    });
    const u = userEvent.setup();
    const { router } = renderAt('/produce/design', <ProduceLibraryPage />);
    expect(screen.getByText('Loading the design library')).toBeTruthy();
    const bead = await screen.findByRole('article', { name: 'Pearl Bead Charm' });
    expect(screen.getByText(/Your membership: Standard\./)).toBeTruthy();
    expect(
      within(bead).getByText('To access Pearl Bead Charm you must order at least 10 pieces'),
    ).toBeTruthy();
    expect(within(bead).getByText('8 mm × 8 mm × 8 mm · Standard membership')).toBeTruthy();

    const pendant = screen.getByRole('article', { name: 'Block Pendant' });
    expect(within(pendant).getByText('Upgrade your membership to use this design!')).toBeTruthy();
    expect(within(pendant).queryByRole('button', { name: 'Use this design' })).toBeNull();
    expect(within(pendant).getByRole('link', { name: 'See membership plans' })).toBeTruthy();
    // one piece needs no minimum text
    const band = screen.getByRole('article', { name: 'Classic Band' });
    expect(within(band).queryByText(/you must order at least/)).toBeNull();

    await u.click(within(bead).getByRole('button', { name: 'Use this design' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/produce/steps'));
    expect(router.state.location.search).toBe('?model=m1');
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/library/d-bead/models',
    ]);
  });

  test('a refusal shows the server message on the card and the list is asked again', async () => {
    const api = serve(({ method, path }) => {
      if (method === 'GET' && path === '/api/library') return { status: 200, body: library };
      if (method === 'POST' && path === '/api/library/d-band/models')
        return refused(403, 'membership_required', 'Upgrade your membership to use this design!');
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/produce/design', <ProduceLibraryPage />);
    const band = await screen.findByRole('article', { name: 'Classic Band' });
    await u.click(within(band).getByRole('button', { name: 'Use this design' }));
    expect((await within(band).findByRole('alert')).textContent).toBe(
      'Upgrade your membership to use this design!',
    );
    await vi.waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'GET' && r.path === '/api/library')).toHaveLength(2),
    );
  });

  test('a list that cannot be loaded says so and can be tried again', async () => {
    let fail = true;
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/api/library')
        return fail ? refused(503, 'unavailable', 'The library is resting.') : { status: 200, body: library };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/produce/design', <ProduceLibraryPage />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The design library could not be loaded. The library is resting.',
    );
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Classic Band' })).toBeTruthy();
  });
  test('Add to cart from a card: the quantity starts at my minimum, below it the spec text, then the server prices it', async () => {
    const api = serve(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/library') return { status: 200, body: library };
      if (method === 'POST' && path === '/api/cart/items') {
        const b = body as { quantity: number };
        return {
          status: 201,
          body: {
            id: 'l1',
            title: 'Pearl Bead Charm',
            quantity: b.quantity,
            configuration: { material: { name: 'Sterling Silver' } },
          },
        };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/produce/design', <ProduceLibraryPage />);
    const bead = await screen.findByRole('article', { name: 'Pearl Bead Charm' });
    const quantity = within(bead).getByLabelText('Quantity of Pearl Bead Charm') as HTMLInputElement;
    expect(quantity.value).toBe('10');
    await u.clear(quantity);
    await u.type(quantity, '4');
    await u.click(within(bead).getByRole('button', { name: 'Add to cart' }));
    expect(
      within(bead).getAllByText('To access Pearl Bead Charm you must order at least 10 pieces').length,
    ).toBe(2);
    expect(api.requests.some((r) => r.path === '/api/cart/items')).toBe(false);
    await u.clear(quantity);
    await u.type(quantity, '12');
    await u.click(within(bead).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to your cart')).toBeTruthy();
    const sent = api.requests.filter((r) => r.method === 'POST' && r.path === '/api/cart/items');
    expect(sent.map((r) => r.body)).toEqual([{ libraryProductId: 'd-bead', choices: {}, quantity: 12 }]);
  });
});
