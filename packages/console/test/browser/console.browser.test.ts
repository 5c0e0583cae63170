/// <reference lib="dom" />
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeBackend } from '../../../../test-support/backends';
import { launchChromium, requireChromium } from '../../../../test-support/chromium';
import { authHeader, closeGate, gate, refunds, reporter, startTestConsole, support, type TestConsole } from '../console-fixtures';

const chromium = requireChromium();
/** The screenshots the root README shows. */
const SHOTS = join(__dirname, '../../../../docs/console');
/** Whether the screenshots are being retaken (`UPDATE_SCREENSHOTS=1 npx jest ...`). */
const UPDATING_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/**
 * Keeps a screenshot for the README: written when asked, or when there is none yet. Each run's
 * pixels differ (run ids, times), so rewriting it on every run would leave the tree changed.
 */
function keepScreenshot(name: string, png: Buffer): void {
  const file = join(SHOTS, name);
  if (!UPDATING_SCREENSHOTS && existsSync(file)) return;
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(file, png);
}

describeBackend(chromium, '@toolwright/console in headless Chromium', () => {
  let browser: Browser;
  let t: TestConsole;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await startTestConsole();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await t.close();
  });

  async function pageAs(user: string): Promise<Page> {
    const context = await browser.newContext({ extraHTTPHeaders: { Authorization: authHeader(user) }, viewport: { width: 1200, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  async function statusIs(page: Page, status: string): Promise<void> {
    await page.locator(`#run-facts .status-${status}`).waitFor({ timeout: 20_000 });
  }

  /** Checks a screenshot is not blank: decoded in the page, it has many distinct colours. */
  async function checkNotBlank(png: Buffer): Promise<void> {
    // Decoded in a blank page: the console's own Content Security Policy refuses data: images.
    const blank = await browser.newPage();
    const colours = await blank.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const pixels = g.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < pixels.length; i += 4 * 97) seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
      return seen.size;
    }, png.toString('base64'));
    await blank.close();
    expect(colours).toBeGreaterThan(8);
  }

  it('lists runs newest first with a link per run named by its id, and filters them by status and agent', async () => {
    const paused = await t.run(support, 'refund L-1 40');
    await t.run(reporter, 'hello');
    await expect(t.run(reporter, 'fail')).rejects.toThrow('the model is down');
    const page = await pageAs('alice');
    await page.goto(`${t.url}/`);
    const table = page.getByRole('table', { name: 'Runs' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(4);
    await table.getByRole('link', { name: paused.runId!, exact: true }).waitFor();
    expect(await table.getByText('failed').count()).toBe(1);

    await page.getByLabel('Status').selectOption('paused');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=paused/);
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('link').allTextContents()).toEqual([paused.runId]);

    await page.goto(`${t.url}/?agent=reporter`);
    expect(await page.getByRole('table', { name: 'Runs' }).getByRole('row').count()).toBe(3);
    await page.getByRole('table', { name: 'Runs' }).getByRole('link', { name: paused.runId!, exact: true }).waitFor({ state: 'detached' });
    // Keyboard: the first link is reachable with Tab from the skip link and the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  }, 60_000);

  it('shows a running run and updates its timeline live, without reloading, until it completes', async () => {
    closeGate();
    const running = t.run(reporter, 'report sales');
    const page = await pageAs('alice');
    await page.goto(`${t.url}/`);
    const link = page.getByRole('table', { name: 'Runs' }).getByRole('link');
    await link.first().waitFor();
    await link.first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await statusIs(page, 'running');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('slow_report').first().waitFor();
    gate.open();
    await running;
    await statusIs(page, 'completed');
    await timeline.getByText('Report on sales: all good.').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await timeline.locator('meter').count()).toBe(1);
  }, 60_000);

  it('approves a paused call from the run page, records who decided, and the run completes', async () => {
    const paused = await t.run(support, 'refund A-1 300');
    const page = await pageAs('alice');
    await page.goto(`${t.url}/runs/${paused.runId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(paused.runId!);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await statusIs(page, 'completed');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Refunded 300 EUR on order A-1.').first().waitFor();
    expect(await timeline.locator('.ev-decision').textContent()).toMatch(/Approved.*refund_order.*by alice/s);
    expect(refunds.filter((r) => r === 'A-1:300')).toHaveLength(1);
    const shot = await page.screenshot();
    await checkNotBlank(shot);
    keepScreenshot('run-view.png', shot);
  }, 60_000);

  it('rejects with a message from the inbox, and the model is told', async () => {
    const paused = await t.run(support, 'refund B-2 999');
    await t.run(support, 'refund B-3 10');
    const page = await pageAs('bob');
    await page.goto(`${t.url}/inbox`);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(2);
    const shot = await page.screenshot();
    await checkNotBlank(shot);
    keepScreenshot('inbox.png', shot);
    const call = page.getByRole('article').filter({ hasText: 'call_B-2' });
    await call.getByLabel('Message to the model').fill('Too much; ask a manager.');
    await call.getByRole('button', { name: 'Reject', exact: true }).click();
    await statusIs(page, 'completed');
    await page.getByRole('list', { name: 'Timeline' }).getByText('Rejected').first().waitFor();
    const view = await t.store.getRunView(paused.runId!);
    expect(view!.events.find((e) => e.type === 'decision')).toMatchObject({ by: 'bob', approved: false, text: 'Too much; ask a manager.' });
    expect(view!.events.find((e) => e.type === 'tool_output')?.text).toContain('Too much; ask a manager.');
    expect(refunds.some((r) => r.startsWith('B-2'))).toBe(false);
  }, 60_000);

  it('edits the arguments: violations are shown in the page, then the edited call is approved and runs', async () => {
    const paused = await t.run(support, 'refund C-3 300');
    const page = await pageAs('carol');
    await page.goto(`${t.url}/runs/${paused.runId}`);
    await page.getByRole('button', { name: 'Edit arguments' }).click();
    const box = page.getByLabel('Arguments (JSON)');
    await box.fill('{"orderId": "C-3", "amount": 5000}');
    await page.getByRole('button', { name: 'Submit edited arguments' }).click();
    await page.getByRole('alert').getByText(/amount/).waitFor();
    expect(page.url()).toBe(`${t.url}/runs/${paused.runId}`);
    await box.fill('{"orderId": "C-3", "amount": 30}');
    await page.getByRole('button', { name: 'Submit edited arguments' }).click();
    await statusIs(page, 'completed');
    await page.getByRole('list', { name: 'Timeline' }).getByText('Refunded 30 EUR on order C-3.').first().waitFor();
    expect(refunds).toContain('C-3:30');
    expect(refunds).not.toContain('C-3:300');
  }, 60_000);

  it('re-validates edited arguments on the server (a post that skips the page check is refused)', async () => {
    const paused = await t.run(support, 'refund D-4 20');
    const page = await pageAs('dave');
    await page.goto(`${t.url}/runs/${paused.runId}`);
    const status = await page.evaluate(async () => {
      const form = document.querySelector('form.edit-form') as HTMLFormElement;
      const body = new URLSearchParams({ _csrf: (form.querySelector('input[name="_csrf"]') as HTMLInputElement).value, arguments: '{"orderId": "", "amount": -1}' });
      const res = await fetch(form.action, { method: 'POST', body });
      return { status: res.status, text: await res.text() };
    });
    expect(status.status).toBe(422);
    expect(status.text).toContain('orderId');
    expect((await t.store.inspect(paused.runId!)).status).toBe('paused');
  }, 60_000);

  it('lets exactly one of two people approving the same call at once win; the other sees who decided', async () => {
    const paused = await t.run(support, 'refund E-5 50');
    const alice = await pageAs('alice');
    const bob = await pageAs('bob');
    // Neither page hears of the other's decision before clicking: their live updates are held
    // back (a page that does hear of it drops its buttons, which is what a second person sees
    // after the first has decided; here the two posts must race on the server).
    const liveStream = /\/runs\/[^/]+\/live(\?|$)/;
    await Promise.all([alice, bob].map((p) => p.route(liveStream, (route) => route.abort())));
    await Promise.all([alice.goto(`${t.url}/runs/${paused.runId}`), bob.goto(`${t.url}/runs/${paused.runId}`)]);
    const answers = [alice, bob].map((p) => p.waitForResponse((r) => r.url().endsWith('/approve')));
    const loaded = [alice, bob].map((p) => p.waitForEvent('load'));
    await Promise.all([alice, bob].map((p) => p.evaluate(() => (document.querySelector('button.approve') as HTMLButtonElement).click())));
    expect((await Promise.all(answers)).map((r) => r.status()).sort()).toEqual([303, 409]);
    await Promise.all(loaded);
    const texts = await Promise.all([alice, bob].map(async (p) => (await p.locator('main').textContent()) ?? ''));
    const losers = texts.filter((x) => x.includes('Already decided'));
    expect(losers).toHaveLength(1);
    expect(losers[0]).toMatch(/already approved by (alice|bob)/);
    await Promise.all([alice, bob].map((p) => p.unroute(liveStream)));
    const winner = texts[0]!.includes('Already decided') ? bob : alice;
    await winner.goto(`${t.url}/runs/${paused.runId}`);
    await statusIs(winner, 'completed');
    expect(refunds.filter((r) => r === 'E-5:50')).toHaveLength(1);
    const decisions = (await t.store.getRunView(paused.runId!))!.events.filter((e) => e.type === 'decision');
    expect(decisions).toHaveLength(1);
  }, 60_000);

  it('renders a hostile tool output (markup, 5 MB, deep JSON) as inert, bounded text', async () => {
    await t.run(reporter, 'hostile');
    const id = (await t.store.listRuns({ agent: 'reporter' })).runs[0]!.id;
    const page = await pageAs('alice');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto(`${t.url}/runs/${id}`);
    expect(response!.status()).toBe(200);
    const body = await response!.text();
    expect(body.length).toBeLessThan(500_000);
    await page.getByRole('list', { name: 'Timeline' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Timeline' }).textContent()).toContain('<img src=x onerror="window.__pwned=1">');
    expect(errors).toEqual([]);
  }, 60_000);

  it('refuses a request without authorization', async () => {
    await t.run(support, 'refund F-6 5');
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const response = await page.goto(`${t.url}/`);
    expect(response!.status()).toBe(401);
    expect(await page.getByRole('table', { name: 'Runs' }).count()).toBe(0);
    expect(await page.content()).not.toContain('F-6');
  }, 60_000);

  it('refuses a cross-site form post, even from an authorized browser', async () => {
    const paused = await t.run(support, 'refund G-7 70');
    const evil: Server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<form method="post" action="${t.url}/runs/${paused.runId}/calls/call_G-7/approve"><input name="_csrf" value="guess"></form><script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, 'localhost', resolve));
    try {
      const page = await pageAs('alice');
      await page.goto(`${t.url}/runs/${paused.runId}`);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/approve')),
        page.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`),
      ]);
      expect(response.status()).toBe(403);
      expect((await t.store.inspect(paused.runId!)).status).toBe('paused');
      expect(refunds).not.toContain('G-7:70');
    } finally {
      evil.closeAllConnections();
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
  }, 60_000);
});
