import { describe, expect, test, customer } from '../fixtures/test';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';
import { inject } from 'vitest';
import { solidPng } from '../../../server/src/test/fake-openai';

/** Makes the journeys' fake AI provider answer normally or fail. */
async function setFakeAiMode(mode: 'ok' | 'fail') {
  const r = await fetch(`${inject('fakeAiUrl')}/__fake/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(r.status).toBe(200);
}

/** Presses Next (or Review brief) and waits for the server to save the step. */
async function next(page: Page, label: 'Next' | 'Review brief' = 'Next') {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/design/draft') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: label }).click();
  expect((await saved).status()).toBe(200);
}

describe('design wizard', () => {
  test('A customer walks the design wizard, generates concepts with the AI, sees them on design results and creates a project from one', async ({
    signIn,
  }) => {
    const { page, errors } = await signIn(customer);
    await page.goto('/design');
    await page.getByRole('heading', { name: 'What would you like made?' }).waitFor();
    // a fresh start, whatever an earlier run left
    const startOver = page.getByRole('button', { name: 'Start over' });
    if (await startOver.count()) {
      await startOver.click();
      await page.getByText('Step 1 of 6 · Piece').waitFor();
    }

    // Next without a choice: the step's message, nothing saved
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Choose a category.').waitFor();
    await page.getByRole('radio', { name: 'Jewelry', exact: true }).check();
    await page.getByRole('radio', { name: 'Ring', exact: true }).check();
    expect(
      await page.getByRole('link', { name: 'Set exact measurements instead' }).getAttribute('href'),
    ).toBe('/design/parametric?kind=ring');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'design-wizard-piece-desktop');
    await next(page);

    await page.getByText('Step 2 of 6 · Material').waitFor();
    await page.getByRole('radio', { name: 'Sterling Silver', exact: true }).check();
    await next(page);

    await page.getByText('Step 3 of 6 · Inspiration').waitFor();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/design/draft/images'));
    await page.getByTestId('inspiration-input').setInputFiles({
      name: 'moodboard.png',
      mimeType: 'image/png',
      buffer: solidPng(64, [40, 90, 160]),
    });
    expect((await uploaded).status()).toBe(201);
    await page.getByRole('img', { name: 'moodboard.png' }).waitFor();
    await page.getByText('1 of 5 images').waitFor();
    await screenshot(page, 'design-wizard-inspiration-desktop');
    await next(page);

    await page.getByText('Step 4 of 6 · Description').waitFor();
    await page
      .getByLabel(/Describe your idea/)
      .fill('A slim band with a wave that rises across the top, 2 mm wide, polished inside.');
    await next(page);

    // a reload loses nothing: the wizard comes back on the step it was left on
    await page.getByText('Step 5 of 6 · Goal').waitFor();
    await page.reload();
    await page.getByText('Step 5 of 6 · Goal').waitFor();
    await page.getByRole('radio', { name: 'A gift for someone' }).check();
    await next(page);

    await page.getByText('Step 6 of 6 · Title').waitFor();
    await page.getByLabel(/^Title/).fill('Wave ring');
    await page.getByLabel(/^Width/).fill('20');
    await page.getByLabel(/^Thickness/).fill('2');
    await next(page, 'Review brief');

    const dialog = page.getByRole('dialog', { name: 'Project summary' });
    await dialog.getByText('Generating designs uses 10 credits.').waitFor();
    await dialog.getByRole('heading', { name: 'Recommendations' }).waitFor();
    await dialog.locator('.design-summary__recs li').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'design-wizard-summary-desktop');
    // a generation costs credits: the balance before, to compare after
    const before = await page.evaluate(async () => {
      const r = await fetch('/api/me/credits');
      return ((await r.json()) as { balance: number }).balance;
    });
    const generated = page.waitForResponse((r) => r.url().endsWith('/api/design/generate'));
    await dialog.getByRole('button', { name: 'Generate designs' }).click();
    expect((await generated).status()).toBe(201);

    await page.waitForURL(/\/design-results$/);
    const section = page.getByRole('region', { name: 'Wave ring' }).first();
    await section.waitFor();
    await expect.poll(() => section.getByRole('img').count()).toBe(4);
    // every concept image has loaded from the server (only its owner may read it)
    await expect
      .poll(() =>
        section
          .getByRole('img')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    expect(
      await section.getByRole('link', { name: 'Download concept 1 of Wave ring' }).getAttribute('href'),
    ).toMatch(/\/api\/design\/images\/[0-9a-f-]+\?download=1$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'design-results-desktop');

    await section.getByRole('button', { name: 'Create project from concept 1 of Wave ring' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]+$/);
    await page.getByText('Wave ring').first().waitFor();
    await screenshot(page, 'design-project-created');

    // the generation took its credits, once, and says what for
    await page.goto('/credits');
    await page.getByRole('cell', { name: 'AI generation: Wave ring' }).waitFor();
    expect(await page.getByTestId('credit-balance').textContent()).toBe(String(before - 10));

    // the AI fails on a regeneration: the person is told, and the credits come back
    await setFakeAiMode('fail');
    try {
      await page.goto('/design-results');
      const failed = page.waitForResponse((r) => /\/regenerate$/.test(r.url()));
      await page
        .getByRole('region', { name: 'Wave ring' })
        .first()
        .getByRole('button', { name: 'Regenerate (10 credits)' })
        .click();
      expect((await failed).status()).toBe(502);
      // the toast's text (Radix also repeats it in a hidden live region)
      await page.locator('.toast__description', { hasText: 'Your 10 credits were given back.' }).waitFor();
      await screenshot(page, 'design-regenerate-failed');
    } finally {
      await setFakeAiMode('ok');
    }
    await page.goto('/credits');
    await page.getByRole('cell', { name: 'Given back: AI generation: Wave ring' }).waitFor();
    expect(await page.getByTestId('credit-balance').textContent()).toBe(String(before - 10));
    expect(errors).toEqual([]);
  });

  test('On a phone the wizard and the results fit the screen', async ({ signIn }) => {
    const { page, errors } = await signIn({ ...customer, viewport: 'phone' });
    await page.goto('/design');
    await page.getByText(/Step \d of 6/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'design-wizard-phone');
    await page.goto('/design-results');
    await page.getByRole('heading', { name: /^(Your designs|No design results yet)$/ }).waitFor();
    const first = page.locator('.design-result__image').first();
    if (await first.count()) {
      await expect
        .poll(() => first.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    await screenshot(page, 'design-results-phone');
    expect(errors).toEqual([]);
  });
});
