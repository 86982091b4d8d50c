import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, loginThroughPage, newContext, screenshot, type Browser } from '../fixtures/browser';
import { apiSession } from '../fixtures/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('project files', () => {
  test('A customer adds a file to Files & Attachments and downloads it', async () => {
    const customer = await apiSession('customer@demo.facet', 'customer');
    const created = await customer.call('POST', '/api/projects', {
      title: 'Hoop earrings',
      description: 'Two small hoops with a twisted wire look.',
    });
    expect(created.status).toBe(201);
    const projectId = created.json.project.id as string;

    const context = await newContext(browser);
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
    const body = await page.evaluate(async (href) => (await fetch(href)).text(), (await link.getAttribute('href'))!);
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
});
