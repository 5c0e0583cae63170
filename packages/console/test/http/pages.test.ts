import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRunStore, type RunRecord } from '@toolwright/core';
import { createConsole } from '../../src';
import { startTestConsole, support, type TestConsole } from '../console-fixtures';
import { HttpSession } from './http-session';

describe('the console pages over HTTP', () => {
  let t: TestConsole;
  beforeEach(async () => {
    t = await startTestConsole();
  });
  afterEach(() => t.close());

  it('pages 100,000 runs newest first with a cursor', async () => {
    const base = Date.now() - 10_000_000;
    for (let i = 0; i < 100_000; i++) {
      const run: RunRecord = { id: `bulk-${String(i).padStart(6, '0')}`, agent: i % 2 ? 'odd' : 'even', status: 'completed', startedAt: base + i, updatedAt: base + i, pendingApprovals: 0, eventCount: 0 };
      await t.store.recordRun(run);
    }
    const s = new HttpSession(new URL(t.url).origin, 'alice');
    const first = await s.get(`${t.url}/?agent=odd`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('bulk-099999');
    const next = /href="([^"]+)" rel="next"/.exec(first.text)![1]!.replace(/&amp;/g, '&');
    const second = await s.get(new URL(next, t.url).toString());
    expect(second.text).not.toContain('bulk-099999');
    expect(second.text).toContain(`bulk-0${99_999 - 100}`);
    expect((await s.get(`${t.url}/?cursor=garbage`)).status).toBe(400);
  }, 60_000);

  it('answers 404 for an unknown run and escapes what it echoes', async () => {
    const s = new HttpSession(new URL(t.url).origin, 'alice');
    const page = await s.get(`${t.url}/runs/${encodeURIComponent('<script>x</script>')}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('<script>x</script>');
    expect(page.text).toContain('&lt;script&gt;x&lt;/script&gt;');
  });

  it('sends a strict Content-Security-Policy and no secrets in the page', async () => {
    const paused = await t.run(support, 'refund P-1 5');
    const res = await fetch(`${t.url}/runs/${paused.runId}`, { headers: { Authorization: `Basic ${Buffer.from('alice:test-password').toString('base64')}` } });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const text = await res.text();
    expect(text).not.toContain('Refund what is asked.');
    expect(text).not.toContain('test-password');
    expect(text).not.toMatch(/<script>/);
  });

  it('shows a running run whose heartbeat stopped as lost, says since when, and filters by it', async () => {
    const now = Date.now();
    const lastBeat = now - 3_600_000;
    await t.store.recordRun({ id: 'crashed-run', agent: 'support', status: 'running', startedAt: now - 7_200_000, updatedAt: lastBeat, pendingApprovals: 0, eventCount: 0 });
    await t.store.recordRun({ id: 'live-run', agent: 'support', status: 'running', startedAt: now - 1_000, updatedAt: now, pendingApprovals: 0, eventCount: 0 });
    const s = new HttpSession(new URL(t.url).origin, 'alice');
    const lost = await s.get(`${t.url}/?status=lost`);
    expect(lost.text).toContain('crashed-run');
    expect(lost.text).not.toContain('live-run');
    expect(lost.text).toMatch(/<span class="status status-lost">lost \(no sign of life\) <time[^>]*>since 1 h ago<\/time><\/span>/);
    expect(lost.text).toContain('<option value="lost" selected>lost</option>');
    const running = await s.get(`${t.url}/?status=running`);
    expect(running.text).toContain('live-run');
    expect(running.text).not.toContain('crashed-run');
    const page = await s.get(`${t.url}/runs/crashed-run`);
    expect(page.text).toContain(`No sign of life since <time datetime="${new Date(lastBeat).toISOString()}">`);
  });

  it('without authorize, answers loopback requests only', async () => {
    const c = createConsole({ store: new MemoryRunStore() });
    const server = createServer((req, res) => {
      if (req.headers['x-pretend-remote']) Object.defineProperty(req.socket, 'remoteAddress', { value: '203.0.113.9' });
      c.handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url, { headers: { 'x-pretend-remote': '1' } })).status).toBe(403);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
