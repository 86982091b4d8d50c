import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EstimatedCostsCard } from './estimated-costs-card';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const material = (id: number, name: string) => ({ id, name, isDisabled: false });

describe('Estimated Production Costs card', () => {
  test('shows the estimate and asks again for the chosen material', async () => {
    const api = fakeApi(({ method, path, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/catalog')
        return {
          status: 200,
          body: { materials: [material(1, 'Sterling Silver'), material(2, '14k Yellow Gold')] },
        };
      if (method === 'POST' && path === '/api/pricing/estimate') {
        const gold = (body as { materialId: number | null }).materialId === 2;
        return {
          status: 200,
          body: {
            itemId: 2,
            materialId: gold ? 2 : 1,
            quote: {
              materialName: gold ? '14k Yellow Gold' : 'Sterling Silver',
              quantity: 100,
              pricePerPiece: gold ? 41_000 : 3_550,
              totalPrice: gold ? 4_100_000 : 355_000,
            },
          },
        };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/p', <EstimatedCostsCard modelId="m1" itemType="Ring" />);
    expect(await screen.findByText('$35.50 per piece')).toBeTruthy();
    expect(screen.getByText('$3,550 for 100')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/pricing/estimate')?.body).toEqual({
      modelId: 'm1',
      itemType: 'Ring',
      materialId: null,
    });
    await u.selectOptions(screen.getByRole('combobox', { name: 'Material' }), '2');
    expect(await screen.findByText('$410 per piece', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/api/pricing/estimate').at(-1)?.body).toEqual({
      modelId: 'm1',
      itemType: 'Ring',
      materialId: 2,
    });
  });
});
