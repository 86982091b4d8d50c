import { describe, expect, test } from '../fixtures/test';
import { collectPageErrors, loginThroughPage, screenshot, seriousA11yViolations } from '../fixtures/browser';
import { apiSession } from '../fixtures/api';

describe('project files', () => {
  test('A customer adds a file to Files & Attachments and downloads it', async ({ newContext }) => {
    const customer = await apiSession('customer@demo.facet', 'customer');
    const created = await customer.call('POST', '/api/projects', {
      title: 'Hoop earrings',
      description: 'Two small hoops with a twisted wire look.',
    });
    expect(created.status).toBe(201);
    const projectId = created.json.project.id as string;

    const context = await newContext();
    const page = await context.newPage();
    await loginThroughPage(page, '/login-user', 'customer@demo.facet', 'Facet-demo-1');
    await page.waitForURL('**/dashboard');
    await page.goto(`/projects/${projectId}`);
    await page.getByText('No attachments yet!').waitFor();

    await page.getByLabel('Files to attach').setInputFiles({
      name: 'hoop-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Hoops 18 mm across, 1.5 mm wire, sterling silver.\n'),
    });
    const link = page.getByRole('link', { name: 'Download hoop-notes.txt' });
    await link.waitFor();
    const body = await page.evaluate(
      async (href) => (await fetch(href)).text(),
      (await link.getAttribute('href'))!,
    );
    expect(body).toContain('1.5 mm wire');

    // a file type the product does not take is refused with the spec's text and nothing is added
    await page.getByLabel('Files to attach').setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await page.getByText('Sorry, this file format is not supported!').first().waitFor();
    expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(1);
    await screenshot(page, 'project-attachments-desktop');
    await context.close();
  });

  test('A customer adds item images, views one large, the chosen pro adds one, the customer removes one', async ({
    newContext,
  }) => {
    const customer = await apiSession('customer@demo.facet', 'customer');
    const created = await customer.call('POST', '/api/projects', {
      title: 'Leaf pendant',
      items: [
        {
          title: 'Leaf pendant',
          category: 'Necklaces',
          itemType: 'Pendant',
          description: 'A gold leaf on a fine chain.',
        },
      ],
    });
    expect(created.status).toBe(201);
    const projectId = created.json.project.id as string;

    const context = await newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await loginThroughPage(page, '/login-user', 'customer@demo.facet', 'Facet-demo-1');
    await page.waitForURL('**/dashboard');
    // two real images: pictures of the page itself, one png and one jpeg
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 320, height: 240 } });
    const jpeg = await page.screenshot({
      type: 'jpeg',
      quality: 80,
      clip: { x: 200, y: 100, width: 400, height: 300 },
    });
    await page.goto(`/projects/${projectId}`);
    const images = page.getByRole('region', { name: 'Images', exact: true });
    await images.getByText('No images yet.').waitFor();

    await page
      .getByLabel('Image to add')
      .setInputFiles({ name: 'leaf-sketch.png', mimeType: 'image/png', buffer: png });
    await images.getByRole('button', { name: 'View Large: leaf-sketch.png' }).waitFor();
    await page
      .getByLabel('Image to add')
      .setInputFiles({ name: 'leaf-photo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await images.getByRole('button', { name: 'View Large: leaf-photo.jpg' }).waitFor();

    // a file that is not an image, and one that only pretends to be, are refused; nothing is added
    await page
      .getByLabel('Image to add')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await page.getByText('Sorry, this file format is not supported!').first().waitFor();
    await page
      .getByLabel('Image to add')
      .setInputFiles({ name: 'pretend.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByText('This file is not a jpg, png or webp image.').first().waitFor();
    expect(await images.getByRole('button', { name: /^View Large: / }).count()).toBe(2);

    // the thumbnails load from the server and open large
    const loaded = await images
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
    expect(loaded).toEqual([320, 400]);
    // tall enough for the whole page, so the full-page picture shows the dialog over all of it
    await page.setViewportSize({ width: 1280, height: 1600 });
    await images.getByRole('button', { name: 'View Large: leaf-photo.jpg' }).click();
    const large = page.getByRole('dialog', { name: 'leaf-photo.jpg' });
    await large.getByRole('img', { name: 'leaf-photo.jpg' }).waitFor();
    await screenshot(page, 'project-item-image-large-desktop');
    await page.keyboard.press('Escape');
    await large.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // once designers are invited the image header shows the first image with View Large
    const designer = await apiSession('designer@demo.facet', 'designer');
    const designerId = ((await designer.call('GET', '/api/me')).json as { user: { id: string } }).user.id;
    const invited = await customer.call('POST', `/api/projects/${projectId}/invitations`, {
      proId: designerId,
    });
    expect(invited.status).toBe(201);
    await page.reload();
    await page.getByRole('img', { name: 'Leaf pendant' }).waitFor();
    await page.getByRole('button', { name: 'View Large', exact: true }).click();
    await page.getByRole('dialog', { name: 'Leaf pendant' }).waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'project-item-images-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // the chosen pro adds a render; they may remove only their own
    const offerId = invited.json.offer.id as string;
    expect(
      (
        await designer.call('POST', `/api/invitations/${offerId}/offer`, {
          priceCents: 60_000,
          leadTimeDays: 6,
        })
      ).status,
    ).toBe(200);
    expect((await customer.call('POST', `/api/invitations/${offerId}/accept`)).status).toBe(200);
    // paid (staff, until payments exist): the customer sees the details panel again
    const staff = await apiSession('staff@demo.facet', 'staff');
    expect((await staff.call('POST', `/api/staff/projects/${projectId}/mark-paid`)).status).toBe(200);
    const proContext = await newContext('phone');
    const pro = await proContext.newPage();
    const proErrors = collectPageErrors(pro);
    await loginThroughPage(pro, '/login-designer', 'designer@demo.facet', 'Facet-demo-1');
    await pro.waitForURL('**/projects');
    await pro.goto(`/projects/${projectId}`);
    const proImages = pro.getByRole('region', { name: 'Images', exact: true });
    await proImages.getByRole('button', { name: 'View Large: leaf-sketch.png' }).waitFor();
    await pro
      .getByLabel('Image to add')
      .setInputFiles({ name: 'leaf-render.png', mimeType: 'image/png', buffer: png });
    await proImages.getByRole('button', { name: 'View Large: leaf-render.png' }).waitFor();
    expect(await proImages.getByRole('button', { name: /^Remove image / }).count()).toBe(1);
    // every thumbnail has loaded before the picture
    await pro.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.item-image img')).every(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    await pro.evaluate(() => window.scrollTo(0, 0));
    await screenshot(pro, 'project-item-images-pro-phone');
    const overflow = await pro.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);

    // the customer removes the sketch (after confirming); it is gone for both
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await images.getByRole('button', { name: 'View Large: leaf-render.png' }).waitFor();
    await images.getByRole('button', { name: 'Remove image leaf-sketch.png' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this image?' })
      .getByRole('button', { name: 'Remove image' })
      .click();
    await images.getByRole('button', { name: 'View Large: leaf-sketch.png' }).waitFor({ state: 'hidden' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'project-item-images-phone');
    await pro.reload();
    await proImages.getByRole('button', { name: 'View Large: leaf-render.png' }).waitFor();
    expect(await proImages.getByRole('button', { name: /^View Large: / }).count()).toBe(2);

    expect([...errors, ...proErrors]).toEqual([]);
    await Promise.all([context.close(), proContext.close()]);
  });
});
