/**
 * The console mounted as its README shows, in a real Fastify and a real Express server under a
 * base path, driven over real HTTP: list page, run page, an approve with its CSRF token that
 * resumes the run, and a request without authorization refused.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { MemoryRunStore, Runner, type RunStore } from '@toolwright/core';
import { createConsole, type ToolwrightConsole } from '../../src';
import { basicAuth } from '../../src/cli/basic-auth';
import { PASSWORD, refunds, support } from '../console-fixtures';
import { HttpSession } from './http-session';

interface Mounted {
  /** The console's URL (origin and base path). */
  base: string;
  /** The app's own URL, for its other routes. */
  origin: string;
  close(): Promise<void>;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function mountInFastify(c: ToolwrightConsole): Promise<Mounted> {
  const app: FastifyInstance = Fastify();
  app.get('/health', async () => ({ ok: true }));
  // As the README shows: the console reads the raw request (its body too) and answers on the raw response.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all('/console', (req, reply) => { reply.hijack(); c.handler(req.raw, reply.raw); });
    scope.all('/console/*', (req, reply) => { reply.hijack(); c.handler(req.raw, reply.raw); });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, base: `http://127.0.0.1:${port}/console`, close: () => app.close() };
}

async function mountInExpress(c: ToolwrightConsole): Promise<Mounted> {
  const app = express();
  // As the README shows: app.use(c.handler); what is outside the base path goes on to the app.
  app.use(c.handler);
  app.get('/health', (_req, res) => void res.json({ ok: true }));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    base: `http://127.0.0.1:${port}/console`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe.each([
  ['Fastify', mountInFastify],
  ['Express', mountInExpress],
])('the console mounted in %s under a base path', (name, mount) => {
  const store = new MemoryRunStore();
  const c = createConsole({ store, agents: [support], authorize: basicAuth(PASSWORD), basePath: '/console', pollMs: 100 });
  let app: Mounted;

  beforeAll(async () => {
    app = await mount(c);
  });
  afterAll(async () => {
    await app?.close();
    await c.close();
  });

  it('refuses a request without authorization with a 401, and leaves the app\'s other routes alone', async () => {
    const refused = await fetch(`${app.base}/`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/Bearer/);
    expect(await (await fetch(`${app.origin}/health`)).json()).toEqual({ ok: true });
  });

  it('lists the runs and shows a run page, with links under the base path', async () => {
    const paused = await new Runner().run(support, `refund FW-${name}-1 21`, { store: store as RunStore });
    const s = new HttpSession(app.origin, 'erin');
    const list = await s.get(`${app.base}/`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`href="/console/runs/${paused.runId}"`);
    const page = await s.get(`${app.base}/runs/${paused.runId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`FW-${name}-1`);
    expect(page.text).toMatch(/<button[^>]*>Approve<\/button>/);
  });

  it('approves with the CSRF token, resumes the run exactly once, and records who decided', async () => {
    const orderId = `FW-${name}-2`;
    const paused = await new Runner().run(support, `refund ${orderId} 22`, { store: store as RunStore });
    const s = new HttpSession(app.origin, 'erin');
    await s.get(`${app.base}/runs/${paused.runId}`);
    expect(s.csrf).not.toBe('');
    // Without the token the post is refused and nothing runs.
    const forged = await s.post(`${app.base}/runs/${paused.runId}/calls/call_${orderId}/approve`, { _csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect((await store.inspect(paused.runId!)).status).toBe('paused');

    const res = await s.post(`${app.base}/runs/${paused.runId}/calls/call_${orderId}/approve`, {});
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/console/runs/${paused.runId}?notice=resumed`);
    await until(async () => (await store.getRunView(paused.runId!))?.run.status === 'completed', 'the run to complete');
    expect(refunds.filter((r) => r === `${orderId}:22`)).toHaveLength(1);
    const view = await store.getRunView(paused.runId!);
    expect(view!.events.find((e) => e.type === 'decision')).toMatchObject({ by: 'erin', approved: true });
  }, 60_000);

  it('reads a form body the framework did not consume (reject with a message)', async () => {
    const orderId = `FW-${name}-3`;
    const paused = await new Runner().run(support, `refund ${orderId} 23`, { store: store as RunStore });
    const s = new HttpSession(app.origin, 'erin');
    await s.get(`${app.base}/runs/${paused.runId}`);
    const res = await s.post(`${app.base}/runs/${paused.runId}/calls/call_${orderId}/reject`, { message: 'Not this one & not now.' });
    expect(res.status).toBe(303);
    await until(async () => (await store.getRunView(paused.runId!))?.run.status === 'completed', 'the run to complete');
    expect(refunds.some((r) => r.startsWith(orderId))).toBe(false);
    const view = await store.getRunView(paused.runId!);
    expect(view!.events.find((e) => e.type === 'decision')).toMatchObject({ by: 'erin', approved: false });
    expect(view!.events.find((e) => e.type === 'tool_output')?.text).toContain('Not this one & not now.');
  }, 60_000);
});
