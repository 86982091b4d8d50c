import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalog, library } from '../testing/produce-fakes';
import { ProduceOptionPage } from './produce-option-page';
import { ProduceLibraryPage } from './produce-library-page';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve() {
  return fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    if (method === 'GET' && path === '/api/catalog') return { status: 200, body: catalog };
    if (method === 'GET' && path === '/api/library') return { status: 200, body: library };
    return undefined!;
  });
}

describe('/produce/{option}', () => {
  test('a kind of piece the catalog knows is a way in: upload one, or start from the library', async () => {
    serve();
    renderAt('/produce/rings', <ProduceOptionPage />, '/produce/:option');
    expect(await screen.findByRole('heading', { level: 1, name: 'Produce a ring' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Upload your ring model/ }).getAttribute('href')).toBe(
      '/produce/steps?type=Ring',
    );
    expect(screen.getByRole('link', { name: /Start from a ring in the library/ }).getAttribute('href')).toBe(
      '/produce/design?type=Ring',
    );
  });

  test('an option we do not produce says so and leads back', async () => {
    serve();
    renderAt('/produce/spaceship', <ProduceOptionPage />, '/produce/:option');
    expect(await screen.findByRole('heading', { name: 'We do not produce “spaceship” yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All production options' }).getAttribute('href')).toBe(
      '/produce',
    );
  });

  test('the library shows the designs of the kind asked for, and every design on request', async () => {
    serve();
    renderAt('/produce/design?type=Charm', <ProduceLibraryPage />, '/produce/design');
    expect(await screen.findByText('Showing charm designs (1).')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Pearl Bead Charm' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Classic Band' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show every design' }));
    expect(await screen.findByRole('article', { name: 'Classic Band' })).toBeTruthy();
  });
});
