import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import { OpsCatalogPage } from './ops-catalog-page';
import { planPriceCents } from '../components/plans-section';
import { parsePercentage } from '../components/earned-percentage-section';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const polish = (id: number, name: string, isDefault = false) => ({
  id,
  name,
  basePrice: 0.0111,
  description: '',
  isDisabled: false,
  isDefault,
  sort: id,
});

const catalog = {
  materials: [],
  polishes: [polish(1, 'Satin Polish', true), polish(2, 'Matte')],
  platings: [],
  assemblyOptions: [],
  laserEngravingOptions: [],
  laserFonts: [],
  productCategories: [],
  itemTypes: [],
  quantityBreaks: [],
  defaults: {
    materialId: null,
    polishId: 1,
    platingId: null,
    assemblyOptionId: null,
    laserEngravingOptionId: null,
    quantity: 1,
  },
  estimate: { quantity: 100, polishId: 1, materialId: null },
};

const pro = {
  id: 'pro',
  name: 'Pro',
  rank: 2,
  priceCents: 2900,
  monthlyCredits: 200,
  perks: ['Pro designs'],
  libraryTier: 'Pro',
  active: true,
};

const staffChange = (over: Record<string, unknown>) => ({
  id: 'c1',
  entity: 'membership_plan',
  entityId: 0,
  entityKey: 'pro',
  before: {},
  after: {},
  at: '2026-11-25T10:00:00.000Z',
  actor: { id: 'u1', name: 'Sam Staff', email: 'staff@demo.facet' },
  ...over,
});

describe('typed amounts', () => {
  test('a plan price in dollars becomes whole cents; a percentage is a whole number from 0 to 100', () => {
    expect(planPriceCents('29')).toBe(2900);
    expect(planPriceCents('$1,234.50')).toBe(123_450);
    expect(planPriceCents('0')).toBe(0);
    expect(planPriceCents('-1')).toBeNull();
    expect(planPriceCents('9.999')).toBeNull();
    expect(planPriceCents('20000')).toBeNull();
    expect(parsePercentage('70')).toBe(70);
    expect(parsePercentage('70 %')).toBe(70);
    expect(parsePercentage('0')).toBe(0);
    expect(parsePercentage('101')).toBeNull();
    expect(parsePercentage('80.5')).toBeNull();
    expect(parsePercentage('')).toBeNull();
  });
});

describe('ops catalog: membership plans', () => {
  test('a bad price is refused without asking; a good edit is sent in cents and shows in the history', async () => {
    const patches: unknown[] = [];
    fakeApi(({ path, method, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'staff' }) } };
      if (path === '/api/staff/catalog') return { status: 200, body: catalog };
      if (method === 'GET' && path === '/api/staff/plans') {
        return { status: 200, body: { plans: [{ ...pro, priceCents: patches.length ? 3500 : 2900 }] } };
      }
      if (method === 'PATCH' && path === '/api/staff/plans/pro') {
        patches.push(body);
        return { status: 200, body: { ...pro, priceCents: 3500 } };
      }
      if (path === '/api/staff/catalog/history') {
        const changes = patches.length
          ? [staffChange({ before: { priceCents: 2900 }, after: { priceCents: 3500 } })]
          : [];
        return { status: 200, body: { changes } };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/ops/catalog?tab=plans', <OpsCatalogPage />);
    const table = await screen.findByTestId('table-plans');
    expect(within(table).getByText('$29.00')).toBeTruthy();
    expect(await screen.findByText(/No changes yet/)).toBeTruthy();

    await u.click(within(table).getByRole('button', { name: 'Edit Pro' }));
    const form = await screen.findByRole('form', { name: 'Edit the Pro plan' });
    const price = within(form).getByLabelText('Price a month ($)');
    await u.clear(price);
    await u.type(price, 'cheap');
    await u.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      within(form).getByText('Enter the price a month in dollars, like 29.00 (0 for free).'),
    ).toBeTruthy();
    expect(patches).toEqual([]);

    await u.clear(price);
    await u.type(price, '35');
    await u.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('$35.00');
    expect(patches).toEqual([{ priceCents: 3500 }]);
    const history = await screen.findByRole('region', { name: /History of membership plans/ });
    expect(await within(history).findByText('Pro')).toBeTruthy();
    expect(within(history).getByText(/Sam Staff changed/)).toBeTruthy();
    expect(within(history).getByText('3500')).toBeTruthy();
  });
});

describe('ops catalog: earned percentage', () => {
  test('refuses a percentage past 100, saves a good one, and shows the server refusal', async () => {
    const puts: unknown[] = [];
    let refuse = false;
    fakeApi(({ path, method, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'staff' }) } };
      if (path === '/api/staff/catalog') return { status: 200, body: catalog };
      if (method === 'GET' && path === '/api/staff/settings/earned-percentage') {
        return { status: 200, body: { percentage: 80, isDefault: true, updatedAt: null } };
      }
      if (method === 'PUT' && path === '/api/staff/settings/earned-percentage') {
        puts.push(body);
        if (refuse) {
          return {
            status: 400,
            body: { error: { code: 'validation_failed', message: 'The server says no.' } },
          };
        }
        return {
          status: 200,
          body: { percentage: 70, isDefault: false, updatedAt: '2026-11-25T11:00:00.000Z' },
        };
      }
      if (path === '/api/staff/catalog/history') return { status: 200, body: { changes: [] } };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/ops/catalog?tab=earned-percentage', <OpsCatalogPage />);
    const form = await screen.findByRole('form', { name: 'Earned percentage' });
    const input = within(form).getByLabelText("Pros' share of a payment (%)");
    expect((input as HTMLInputElement).value).toBe('80');
    expect(within(form).getByText(/Never set: the default applies/)).toBeTruthy();

    await u.clear(input);
    await u.type(input, '101');
    await u.click(within(form).getByRole('button', { name: 'Save the percentage' }));
    expect(within(form).getByText('Enter a whole number from 0 to 100.')).toBeTruthy();
    expect(puts).toEqual([]);

    await u.clear(input);
    await u.type(input, '70');
    await u.click(within(form).getByRole('button', { name: 'Save the percentage' }));
    await within(form).findByText(/Last set/);
    expect(puts).toEqual([{ percentage: 70 }]);

    refuse = true;
    await u.clear(input);
    await u.type(input, '60');
    await u.click(within(form).getByRole('button', { name: 'Save the percentage' }));
    expect(await within(form).findByText('The server says no.')).toBeTruthy();
  });
});

describe('ops catalog: adding and deleting', () => {
  test('"Add polish" needs a name and sends the filled boxes; a refused delete says why', async () => {
    const posts: unknown[] = [];
    const deletes: string[] = [];
    fakeApi(({ path, method, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'staff' }) } };
      if (path === '/api/staff/catalog') return { status: 200, body: catalog };
      if (method === 'POST' && path === '/api/staff/catalog/polishes') {
        posts.push(body);
        return { status: 201, body: { entry: polish(3, 'Sandblast') } };
      }
      if (method === 'DELETE') {
        deletes.push(path);
        return {
          status: 409,
          body: {
            error: {
              code: 'in_use',
              message: 'Matte is named by 2 stored quotes, so it cannot be deleted; disable it instead.',
            },
          },
        };
      }
      if (path === '/api/staff/catalog/history') {
        return {
          status: 200,
          body: {
            changes: [
              staffChange({
                entity: 'polish',
                entityId: 9,
                entityKey: null,
                before: { name: 'Old Satin', basePrice: 0.01 },
                after: {},
              }),
            ],
          },
        };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/ops/catalog?tab=polishes', <OpsCatalogPage />);
    await screen.findByTestId('table-polishes');
    // a deleted entry is named by what it was
    expect(await screen.findByText(/Sam Staff deleted/)).toBeTruthy();
    expect(screen.getByText('Old Satin', { selector: 'strong' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Add polish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a polish' });
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Rate is required.')).toBeTruthy();
    expect(posts).toEqual([]);
    await u.type(within(dialog).getByLabelText('Name'), 'Sandblast');
    await u.type(within(dialog).getByLabelText('Rate ($ per mm² of surface)'), '0.009');
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(posts).toEqual([{ name: 'Sandblast', basePrice: 0.009 }]));

    await u.click(await screen.findByRole('button', { name: 'Delete Matte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Matte?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByText(
        'Matte is named by 2 stored quotes, so it cannot be deleted; disable it instead.',
      ),
    ).toBeTruthy();
    expect(deletes).toEqual(['/api/staff/catalog/polishes/2']);
    expect(screen.getByTestId('table-polishes')).toBeTruthy();
  });
});
