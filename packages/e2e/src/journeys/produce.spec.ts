import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from '../fixtures/test';
import { customer } from '../fixtures/test';
import { analyseMesh, generateTorus, readMesh, writeStlBinary } from '../../../domain/src/mesh/index';
import { screenshot, seriousA11yViolations, type Page } from '../fixtures/browser';

/** The repository's model fixtures (stl/ and 3mf/ folders); files are named by their folder. */
const fixturesDir = new URL('../../../../fixtures/models/', import.meta.url).pathname;
const fixtureFolder = (name: string) => (name.endsWith('.3mf') ? '3mf' : 'stl');
const fixture = (name: string) => readFileSync(`${fixturesDir}${fixtureFolder(name)}/${name}`);
/** The dimension rule of spec section 9: below 1 with 2 decimals, otherwise rounded, with the unit. */
const dimension = (v: number) =>
  v < 1 ? `${v.toFixed(2)} mm` : `${Math.round(v).toLocaleString('en-US')} mm`;

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByTestId('model-file-input')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
}

async function measure(page: Page, label: string) {
  return (
    await page
      .getByTestId('measures')
      .locator('div', { has: page.locator(`dt:text-is("${label}")`) })
      .locator('dd')
      .textContent()
  )?.trim();
}

async function totalPrice(page: Page) {
  return (await page.getByTestId('total-price').textContent())?.trim() ?? '';
}

describe('produce', () => {
  test('A customer uploads a model, watches the progress, sees its size and a price that changes with the metal', async ({
    signIn,
  }) => {
    const { context, page, errors } = await signIn(customer);
    await page.goto('/produce');
    await page.getByRole('heading', { name: 'Bring a piece to production' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // a realistic ring of 400,000 triangles (20 MB), so the upload takes long enough to show its progress
    const ring = Buffer.from(writeStlBinary(generateTorus(9.5, 1, [0, 0, 1], 1000, 200)));
    const expected = analyseMesh(readMesh(new Uint8Array(ring), 'ring.stl'));
    // every value the bar shows is recorded in the page as it renders
    await page.evaluate(() => {
      const seen: number[] = [];
      const w = window as unknown as { progressSeen: number[]; analysingSeen: boolean };
      w.progressSeen = seen;
      w.analysingSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('.dropzone__analysing')?.textContent?.includes('Analysing…'))
          w.analysingSeen = true;
        const bar = document.querySelector('[role="progressbar"]');
        const now = bar?.getAttribute('aria-valuenow');
        if (now != null && seen[seen.length - 1] !== Number(now)) seen.push(Number(now));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // on loopback 20 MB can go up between two progress events; a 16 MB/s link makes the upload last about
    // a second and a quarter whatever the machine, so the bar is seen between 0 and 100
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 16 * 1024 * 1024,
    });
    await chooseFile(page, 'ring.stl', ring);
    await page.getByRole('progressbar', { name: 'Uploading ring.stl' }).waitFor();
    await screenshot(page, 'produce-upload-progress');
    await page.waitForURL(/\/produce\/steps\?model=/);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const { seen, analysingSeen } = await page.evaluate(() => {
      const w = window as unknown as { progressSeen: number[]; analysingSeen: boolean };
      return { seen: w.progressSeen, analysingSeen: w.analysingSeen };
    });
    // the bar rises with the bytes sent and never goes back; then the server analyses the file
    expect(
      seen.some((p) => p > 0 && p < 100),
      `progress seen: ${seen.join(', ')}`,
    ).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(analysingSeen).toBe(true);
    await page.getByRole('heading', { name: 'Measurements' }).waitFor();
    expect(await measure(page, 'Width')).toBe(dimension(expected.sizeMm.x));
    expect(await measure(page, 'Length')).toBe(dimension(expected.sizeMm.z));
    expect(await measure(page, 'Triangles')).toBe('400,000');
    await page.getByText('Watertight: the surface is closed').waitFor();

    // the half donut: a dimension below 1 mm shows two decimals
    await page.goto('/produce/steps');
    await chooseFile(page, 'stl_binary-HalfDonut.stl', fixture('stl_binary-HalfDonut.stl'));
    await page.waitForURL(/\/produce\/steps\?model=/);
    await page.getByRole('heading', { name: 'Measurements' }).waitFor();
    expect(await measure(page, 'Width')).toBe('3 mm');
    expect(await measure(page, 'Height')).toBe('0.50 mm');
    expect(await measure(page, 'Length')).toBe('3 mm');
    expect(await measure(page, 'Triangles')).toBe('288');
    await page.getByText('Watertight: the surface is closed').waitFor();

    // the first price, in the default Sterling Silver
    await page.getByTestId('total-price').waitFor();
    const silver = await totalPrice(page);
    expect(silver).toMatch(/^\$\d/);
    const silverWeight = (await page.getByTestId('weight').textContent())?.trim();
    expect(silverWeight).toMatch(/ g$/);

    // another metal: the price and the weight follow after the 500 ms pause
    await page.locator('label.radio-chip', { hasText: '18k Yellow Gold' }).click();
    expect(await page.getByRole('radio', { name: '18k Yellow Gold' }).isChecked()).toBe(true);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="total-price"]')?.textContent?.trim() !== before,
      silver,
    );
    const gold = await totalPrice(page);
    expect(gold).not.toBe(silver);
    expect((await page.getByTestId('weight').textContent())?.trim()).not.toBe(silverWeight);

    // the comparison lists every metal at once
    const compare = page.getByTestId('compare');
    await compare.getByRole('rowheader', { name: /Platinum 950/ }).waitFor();
    expect(await compare.locator('tbody tr').count()).toBeGreaterThan(5);

    // the 3D view draws, or says clearly that it cannot (no GPU in this browser)
    const canvas = page.locator('.model-stage canvas');
    const unavailable = page.getByText('3D preview unavailable');
    await Promise.race([canvas.waitFor({ timeout: 20_000 }), unavailable.waitFor({ timeout: 20_000 })]).catch(
      async (error: unknown) => {
        await screenshot(page, 'produce-steps-viewer-timeout');
        throw error;
      },
    );
    const drew = (await canvas.count()) > 0;
    if (drew) {
      // the card picture is rendered from the view and stored with source 'render'
      const modelId = new URL(page.url()).searchParams.get('model')!;
      await expect
        .poll(
          () =>
            page.evaluate(
              (id) =>
                fetch(`/api/models/${id}`)
                  .then((r) => r.json())
                  .then((b) => b.model.thumbnailSource),
              modelId,
            ),
          { timeout: 20_000 },
        )
        .toBe('render');
    }
    await screenshot(page, 'produce-steps-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // the configured piece goes to the cart at the server's price; removed again, the cart is as it was
    const shown = await page.getByTestId('total-price').textContent();
    const added = page.waitForResponse(
      (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    expect((await added).status()).toBe(201);
    await page.locator('.toast__title', { hasText: 'Added to your cart' }).waitFor();
    await page.goto('/cart');
    // the last file the test analysed is the one configured
    const line = page.getByRole('article').first();
    await line.waitFor();
    expect(await line.textContent()).toContain(shown!);
    await screenshot(page, 'cart-configured-piece');
    await line.getByRole('button', { name: /^Remove / }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('Each fixture model shows the dimensions the domain analysis measures', async ({ signIn }) => {
    const { context, page, errors } = await signIn(customer);
    const names = ['stl', '3mf'].flatMap((folder) => readdirSync(`${fixturesDir}${folder}`));
    for (const name of names) {
      const bytes = fixture(name);
      const expected = analyseMesh(readMesh(new Uint8Array(bytes), name));
      await page.goto('/produce/steps');
      await chooseFile(page, name, bytes);
      await page.waitForURL(/\/produce\/steps\?model=/);
      await page.getByRole('heading', { name: 'Measurements' }).waitFor();
      expect(await measure(page, 'Width'), name).toBe(dimension(expected.sizeMm.x));
      expect(await measure(page, 'Height'), name).toBe(dimension(expected.sizeMm.y));
      expect(await measure(page, 'Length'), name).toBe(dimension(expected.sizeMm.z));
      if (expected.watertight) {
        await page.getByTestId('total-price').waitFor();
      } else {
        // no metal price for a model with holes, and the page says why
        await page.getByText('This model is not watertight.').waitFor();
        await page
          .getByRole('alert')
          .filter({ hasText: /not watertight/ })
          .waitFor();
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test('A broken file and a wrong file type get clear messages', async ({ signIn }) => {
    const { context, page } = await signIn(customer);
    await page.goto('/produce');
    await chooseFile(page, 'ring.txt', Buffer.from('not a model'));
    await page.getByRole('alert').filter({ hasText: 'Sorry, this file format is not supported!' }).waitFor();

    await chooseFile(
      page,
      'broken.stl',
      Buffer.from('solid broken\n  facet normal 0 0 1\n    outer loop\n      vertex 1 2'),
    );
    const alert = page.getByRole('alert').filter({ hasText: 'broken.stl' });
    await alert.waitFor({ timeout: 20_000 });
    expect((await alert.textContent())?.length).toBeGreaterThan(20);
    await screenshot(page, 'produce-broken-file');
    await context.close();
  });

  test('A program renamed .stl is refused in words a customer understands, and no retry of the same file is offered', async ({
    signIn,
  }) => {
    const { context, page, errors } = await signIn(customer);
    await page.goto('/produce');
    await page.getByRole('heading', { name: 'Your models' }).waitFor();
    // an ELF executable's first bytes, then filler: read as binary STL it would claim 64 triangles
    const program = Buffer.alloc(6000, 0x41);
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(program);
    program.writeUInt32LE(64, 80);
    await chooseFile(page, 'setup.stl', program);
    const alert = page.getByRole('alert').filter({ hasText: 'This file does not look like a 3D model' });
    await alert.waitFor({ timeout: 30_000 });
    await screenshot(page, 'produce-not-a-model');
    // the same file would fail again: no retry is offered, the way out is another file
    expect(await page.getByRole('button', { name: 'Retry analysis' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Choose another file' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('On a phone the 3D view sits above the configuration and the page has no serious accessibility issues', async ({
    signIn,
  }) => {
    const { context, page, errors } = await signIn({ ...customer, viewport: 'phone' });
    await page.goto('/produce');
    await page.getByRole('heading', { name: 'Your models' }).waitFor();
    await chooseFile(page, 'stl_binary-HalfDonut.stl', fixture('stl_binary-HalfDonut.stl'));
    await page.waitForURL(/\/produce\/steps\?model=/);
    await page.goto('/produce');
    await page.locator('.model-card').first().waitFor();
    await screenshot(page, 'produce-phone');
    await page.locator('.model-card', { hasText: 'stl_binary-HalfDonut.stl' }).first().locator('a').click();
    await page.getByRole('heading', { name: 'Measurements' }).waitFor();
    await page.getByTestId('total-price').waitFor();
    const stage = await page.locator('.model-stage').boundingBox();
    const config = await page.getByRole('heading', { name: 'Configure' }).boundingBox();
    expect(stage && config && stage.y < config.y).toBe(true);
    expect(stage!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'produce-steps-phone');
    // nothing sticks out sideways (the comparison table scrolls inside its own box)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("The library shows the server's membership texts and configures an open design", async ({
    signIn,
  }) => {
    const { context, page, errors } = await signIn(customer);
    await page.goto('/produce/design');
    await page.getByRole('heading', { name: 'Design library' }).waitFor();
    await page.getByRole('article', { name: 'Classic Band' }).waitFor();
    // the demo customer is a Standard member: the Pro and Business designs ask for an upgrade
    expect(await page.getByText('Upgrade your membership to use this design!').count()).toBe(2);
    await page.getByText('To access Pearl Bead Charm you must order at least 10 pieces').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'produce-library');
    await page
      .getByRole('article', { name: 'Classic Band' })
      .getByRole('button', { name: 'Use this design' })
      .click();
    await page.waitForURL(/\/produce\/steps\?model=[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'Classic Band' }).waitFor();
    await page.getByRole('heading', { name: 'Measurements' }).waitFor();
    expect(await measure(page, 'Width')).toBe('21 mm');
    await page.getByTestId('total-price').waitFor();

    // a design with a minimum for this membership: the quantity starts there and says why
    await page.goto('/produce/design');
    await page
      .getByRole('article', { name: 'Pearl Bead Charm' })
      .getByRole('button', { name: 'Use this design' })
      .click();
    await page.waitForURL(/\/produce\/steps\?model=/);
    await page.getByRole('heading', { name: 'Pearl Bead Charm' }).waitFor();
    await page.getByTestId('total-price').waitFor();
    expect(await page.getByLabel(/^Quantity/).inputValue()).toBe('10');
    expect(
      await page.getByText('To access Pearl Bead Charm you must order at least 10 pieces').count(),
    ).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'produce-library-design');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('/produce/ring is a way into rings: the library shows its ring designs', async ({ signIn }) => {
    const { context, page, errors } = await signIn(customer);
    await page.goto('/produce/ring');
    await page.getByRole('heading', { level: 1, name: 'Produce a ring' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'produce-option-ring');
    await page.getByRole('link', { name: /Start from a ring in the library/ }).click();
    await page.waitForURL(/\/produce\/design\?type=Ring$/);
    await page.getByText(/^Showing ring designs/).waitFor();
    await page.getByRole('article', { name: 'Classic Band' }).waitFor();
    expect(await page.getByRole('article', { name: 'Block Pendant' }).count()).toBe(0);
    await screenshot(page, 'produce-library-rings');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('The library on a phone: cards in one column, nothing sideways', async ({ signIn }) => {
    const { context, page, errors } = await signIn({ ...customer, viewport: 'phone' });
    await page.goto('/produce/design');
    await page.getByRole('article', { name: 'Block Pendant' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'produce-library-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
