import { refunds, startTestConsole, support, type TestConsole } from '../console-fixtures';
import { HttpSession } from './http-session';

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the console decides paused calls over HTTP', () => {
  let t: TestConsole;
  const origin = (): string => new URL(t.url).origin;
  beforeEach(async () => {
    t = await startTestConsole();
  });
  afterEach(() => t.close());

  it('approves, resumes the run through the store, and records the identity', async () => {
    const paused = await t.run(support, 'refund H-1 11');
    const s = new HttpSession(origin(), 'alice');
    expect((await s.get(`${t.url}/runs/${paused.runId}`)).status).toBe(200);
    const res = await s.post(`${t.url}/runs/${paused.runId}/calls/call_H-1/approve`, {});
    expect(res.status).toBe(303);
    await until(async () => (await t.store.getRunView(paused.runId!))?.run.status === 'completed', 'the run to complete');
    expect(refunds).toContain('H-1:11');
    const view = await t.store.getRunView(paused.runId!);
    expect(view!.events.find((e) => e.type === 'decision')).toMatchObject({ by: 'alice', approved: true, callId: 'call_H-1' });
  });

  it('lets one of two concurrent approvals win; the other is told who decided', async () => {
    const paused = await t.run(support, 'refund H-2 12');
    const a = new HttpSession(origin(), 'alice');
    const b = new HttpSession(origin(), 'bob');
    await a.get(`${t.url}/runs/${paused.runId}`);
    await b.get(`${t.url}/runs/${paused.runId}`);
    const answers = await Promise.all([a, b].map((s) => s.post(`${t.url}/runs/${paused.runId}/calls/call_H-2/approve`, {})));
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    expect(answers.find((r) => r.status === 409)!.text).toMatch(/already approved by (alice|bob)/);
    await until(async () => (await t.store.getRunView(paused.runId!))?.run.status === 'completed', 'the run to complete');
    expect(refunds.filter((r) => r === 'H-2:12')).toHaveLength(1);
  });

  it('refuses a post without the CSRF token, or from another origin', async () => {
    const paused = await t.run(support, 'refund H-3 13');
    const s = new HttpSession(origin(), 'alice');
    await s.get(`${t.url}/runs/${paused.runId}`);
    const url = `${t.url}/runs/${paused.runId}/calls/call_H-3/approve`;
    expect((await s.post(url, { _csrf: 'wrong' })).status).toBe(403);
    expect((await s.post(url, {}, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await s.post(url, {}, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await t.store.inspect(paused.runId!)).status).toBe('paused');
  });
});
