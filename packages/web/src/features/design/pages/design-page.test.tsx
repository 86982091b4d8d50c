import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stepProblems, type DesignStepId } from '@facet/domain/design';
import { fakeApi, me, renderAt } from '../../../testing';
import type { DesignDraft } from '../api/design-draft';
import { DesignPage } from './design-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const catalog = {
  materials: [
    { id: 1, name: 'Sterling Silver', description: 'Bright and affordable' },
    { id: 2, name: '14K Yellow Gold', description: '' },
  ],
};

function draftOf(overrides: Partial<DesignDraft> = {}): DesignDraft {
  return {
    id: '6f1f7a0e-1111-4111-8111-111111111111',
    step: 'piece',
    category: null,
    itemType: null,
    materialId: null,
    materialName: null,
    description: null,
    goal: null,
    title: null,
    widthMm: null,
    heightMm: null,
    thicknessMm: null,
    inspiration: [],
    progress: 0,
    updatedAt: '2026-11-25T07:00:00.000Z',
    ...overrides,
  };
}

/** A server keeping one draft, checking each step with the domain's rules as the real one does. */
function serve(
  start: DesignDraft | null,
  {
    imageGeneration = true,
    firstTimeLogin = false,
    // answers of POST /api/design/generate in turn ('network' fails the request itself)
    generateAnswers = [] as ('network' | { status: number; body: unknown })[],
  } = {},
) {
  let draft = start;
  const capabilities = { imageGeneration, aiText: false, creditsPerGeneration: 10 };
  return fakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/me')
      return { status: 200, body: { user: me({ firstTimeLogin }) } };
    if (method === 'GET' && path === '/api/catalog') return { status: 200, body: catalog };
    if (method === 'GET' && path === '/api/design/draft')
      return { status: 200, body: { draft, capabilities } };
    if (method === 'PUT' && path === '/api/design/draft') {
      const input = body as { step: DesignStepId; nextStep?: DesignStepId; fields: Partial<DesignDraft> };
      const merged = { ...(draft ?? draftOf()), ...input.fields };
      const problems = stepProblems(input.step, { ...merged, goal: merged.goal as never });
      if (Object.keys(problems).length) {
        return {
          status: 400,
          body: {
            error: { code: 'validation_failed', message: Object.values(problems)[0], fields: problems },
          },
        };
      }
      draft = { ...merged, step: input.nextStep ?? input.step };
      return { status: 200, body: { draft, capabilities } };
    }
    if (method === 'POST' && path === '/api/design/check')
      return { status: 200, body: { source: 'rules', ready: true, issues: [] } };
    if (method === 'GET' && path === '/api/design/recommendations')
      return {
        status: 200,
        body: {
          source: 'rules',
          recommendations: [{ kind: 'material', title: 'Sterling Silver', detail: 'Suits a ring.' }],
        },
      };
    if (method === 'POST' && path === '/api/projects')
      return { status: 201, body: { project: { id: 'p9', title: 'Wave ring' } } };
    if (method === 'POST' && path === '/api/design/generate') {
      const next = generateAnswers.shift();
      if (next === 'network') throw new TypeError('Failed to fetch');
      return next ?? { status: 201, body: { generation: { id: 'g1', results: [] }, creditsUsed: 10 } };
    }
    return undefined!;
  });
}

/** A draft with every step done up to the title. */
const atTitleStep = {
  step: 'title',
  category: 'Jewelry',
  itemType: 'Ring',
  materialId: 1,
  materialName: 'Sterling Silver',
  description: 'A slim band with a wave across the top',
  goal: 'gift',
} as const;

describe('the design wizard', () => {
  test('restores the draft saved on the server: its step, fields and progress', async () => {
    serve(
      draftOf({
        step: 'description',
        category: 'Jewelry',
        itemType: 'Ring',
        materialId: 1,
        materialName: 'Sterling Silver',
        description: 'A slim band with a wave across the top',
      }),
    );
    renderAt('/design', <DesignPage />);
    expect(await screen.findByText('Step 4 of 6 · Description')).toBeTruthy();
    expect((screen.getByLabelText(/Describe your idea/) as HTMLTextAreaElement).value).toBe(
      'A slim band with a wave across the top',
    );
    // piece, material, inspiration and description are done
    expect(screen.getByRole('progressbar', { name: 'Brief complete' }).getAttribute('aria-valuenow')).toBe(
      '67',
    );
  });

  test('Next checks the step before saving; Back keeps what was chosen', async () => {
    const api = serve(null);
    const u = userEvent.setup();
    renderAt('/design', <DesignPage />);
    expect(await screen.findByText('Step 1 of 6 · Piece')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Choose a category.')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

    await u.click(screen.getByRole('radio', { name: 'Jewelry' }));
    await u.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Choose an item type.')).toBeTruthy();
    await u.click(screen.getByRole('radio', { name: 'Ring' }));
    const parametric = screen.getByRole('link', { name: 'Set exact measurements instead' });
    expect(parametric.getAttribute('href')).toBe('/design/parametric?kind=ring');
    await u.click(screen.getByRole('button', { name: /Next/ }));

    expect(await screen.findByText('Step 2 of 6 · Material')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      step: 'piece',
      nextStep: 'material',
      fields: { category: 'Jewelry', itemType: 'Ring' },
    });
    await u.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByText('Step 1 of 6 · Piece')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Ring' }) as HTMLInputElement).checked).toBe(true);
  });

  test("the server's field messages show under the field", async () => {
    serve(
      draftOf({
        step: 'title',
        category: 'Jewelry',
        itemType: 'Ring',
        materialId: 1,
        description: 'x'.repeat(30),
        goal: 'gift',
      }),
    );
    const u = userEvent.setup();
    renderAt('/design', <DesignPage />);
    await screen.findByText('Step 6 of 6 · Title');
    await u.type(screen.getByLabelText(/^Width/), '600');
    await u.type(screen.getByLabelText(/^Title/), 'Wave ring');
    // the fake server answers as the real one does for a size out of range
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: {
                code: 'validation_failed',
                message: 'Enter at most 500 mm.',
                fields: { 'fields.widthMm': 'Enter at most 500 mm.' },
              },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    await u.click(screen.getByRole('button', { name: 'Review brief' }));
    expect(await screen.findByText('Enter at most 500 mm.')).toBeTruthy();
  });

  test('the last step opens the project summary with the cost; Generate designs sends an Idempotency-Key', async () => {
    const api = serve(draftOf(atTitleStep));
    const u = userEvent.setup();
    renderAt('/design', <DesignPage />);
    await screen.findByText('Step 6 of 6 · Title');
    await u.type(screen.getByLabelText(/^Title/), 'Wave ring');
    await u.click(screen.getByRole('button', { name: 'Review brief' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project summary' });
    expect(within(dialog).getByText('Wave ring')).toBeTruthy();
    expect(within(dialog).getByText('Generating designs uses 10 credits.')).toBeTruthy();
    expect(await within(dialog).findByText('Your brief reads clearly.')).toBeTruthy();
    expect(await within(dialog).findByText(/Suits a ring\./)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Generate designs' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Other page' })).toBeTruthy());
    const sent = api.requests.find((r) => r.method === 'POST' && r.path === '/api/design/generate');
    expect(sent?.headers?.['idempotency-key']).toMatch(/^design-/);
  });

  test('after a network failure Generate retries with the same key; too few credits offers a way to get more', async () => {
    const short = {
      status: 402,
      body: { error: { code: 'insufficient_credits', message: 'You need 10 credits for this; you have 4.' } },
    };
    const api = serve(draftOf({ ...atTitleStep, title: 'Wave ring' }), {
      generateAnswers: ['network', short, short],
    });
    const u = userEvent.setup();
    renderAt('/design', <DesignPage />);
    await screen.findByText('Step 6 of 6 · Title');
    await u.click(screen.getByRole('button', { name: 'Review brief' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project summary' });
    const generate = () => u.click(within(dialog).getByRole('button', { name: 'Generate designs' }));

    await generate();
    await within(dialog).findByRole('alert');
    await generate();
    await within(dialog).findByText(/You need 10 credits for this; you have 4\./);
    expect(within(dialog).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    expect(within(dialog).getByRole('link', { name: 'upgrade your plan' }).getAttribute('href')).toBe(
      '/account-settings?upgrade=1',
    );
    await generate();
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/design/generate')).toHaveLength(3),
    );
    const keys = api.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/design/generate')
      .map((r) => r.headers?.['idempotency-key']);
    // the request that never reached an answer is sent again under its key; an answered one is not
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  test('without image generation the wizard says so plainly and offers a project from the brief', async () => {
    serve(draftOf(), { imageGeneration: false, firstTimeLogin: true });
    renderAt('/design', <DesignPage />);
    expect(await screen.findByText(/Image generation is not configured\./)).toBeTruthy();
    // first time: the welcome banner and a way out to the dashboard
    expect(screen.getByText('Welcome! Start with the piece you have in mind.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip for now' }).getAttribute('href')).toBe('/dashboard');
  });

  test('without image generation the summary offers Create project, carrying the brief and its sizes', async () => {
    const api = serve(
      draftOf({
        step: 'title',
        category: 'Jewelry',
        itemType: 'Ring',
        materialId: 1,
        description: 'A slim band with a wave across the top',
        goal: 'gift',
        title: 'Wave ring',
        widthMm: 20,
      }),
      { imageGeneration: false },
    );
    const u = userEvent.setup();
    renderAt('/design', <DesignPage />);
    await screen.findByText('Step 6 of 6 · Title');
    await u.click(await screen.findByRole('button', { name: 'Review brief' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project summary' });
    expect(within(dialog).queryByRole('button', { name: 'Generate designs' })).toBeNull();
    expect(within(dialog).getByText(/Image generation is not configured\./)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Other page' })).toBeTruthy());
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/api/projects')?.body).toEqual({
      title: 'Wave ring',
      description: 'A slim band with a wave across the top',
      projectType: 'single-item',
      items: [
        {
          title: 'Wave ring',
          description: 'A slim band with a wave across the top',
          category: 'Jewelry',
          itemType: 'Ring',
          dimensions: [{ width: '20 mm' }, { height: '' }, { thickness: '' }],
        },
      ],
    });
  });
});
