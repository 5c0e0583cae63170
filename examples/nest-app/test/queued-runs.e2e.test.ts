import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { startRedisServer, type TestRedisServer } from '../../../packages/redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { openRequest } from './support/http';
import { ACME } from './support/users';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

interface SseEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** Reads a server-sent event stream over real HTTP until the server ends it. */
function readSse(app: INestApplication, path: string, headers: Record<string, string> = {}): Promise<{ status: number; contentType: string; events: SseEvent[] }> {
  return new Promise((resolve, reject) => {
    const req = openRequest(app, 'GET', path, { accept: 'text/event-stream', ...headers });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const events = text
          .split('\n\n')
          .filter((block) => block.trim() !== '')
          .map((block) => {
            const fields: Record<string, string> = {};
            for (const line of block.split('\n')) {
              const colon = line.indexOf(':');
              if (colon > 0) fields[line.slice(0, colon)] = (fields[line.slice(0, colon)] ?? '') + line.slice(colon + 1).trimStart();
            }
            return { id: fields.id ?? '', event: fields.event ?? 'message', data: JSON.parse(fields.data ?? '{}') as Record<string, unknown> };
          });
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), events });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The numeric order of two Redis stream ids. */
function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(BigInt);
  const [bm, bs] = b.split('-').map(BigInt);
  return am! !== bm! ? (am! < bm! ? -1 : 1) : as! === bs! ? 0 : as! < bs! ? -1 : 1;
}

describeBackend(redisBackend, 'Queued runs (REDIS_URL set): enqueue over HTTP, stream the run as server-sent events', () => {
  let server: TestRedisServer;
  let app: INestApplication<App>;

  beforeAll(async () => {
    server = await startRedisServer();
    // The app reads REDIS_URL when its module is loaded: set first, then load it.
    process.env.REDIS_URL = server.url;
    process.env.SHUTDOWN_GRACE_MS = '1000';
    const { startApp } = require('./support/start-app') as typeof import('./support/start-app');
    app = await startApp();
    // A bound for a hung start, not an expectation: loading the app compiles it (ts-jest), which
    // took over a minute beside three other suites on a loaded 2-core machine.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await server?.stop();
    delete process.env.REDIS_URL;
    delete process.env.SHUTDOWN_GRACE_MS;
  });

  it('enqueues a run (202 with its id) and streams its events in order to the end; a reconnect with Last-Event-ID gets the rest', async () => {
    const started = await request(app.getHttpServer()).post('/queued-runs').set(ACME).send({ message: 'What is the weather in Oslo?' }).expect(202);
    const runId = started.body.runId as string;
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);

    const stream = await readSse(app, `/queued-runs/${runId}/events`);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const events = stream.events.filter((e) => e.event !== 'model_delta');
    // The run: the model calls the tool, the tool answers, the model answers, the run completes.
    expect(events.map((e) => e.event)).toEqual(['tool_called', 'tool_output', 'message', 'run_completed']);
    expect(events[0]!.data).toMatchObject({ type: 'tool_called', toolName: 'get_weather', agent: { name: 'support' } });
    expect(events[1]!.data).toMatchObject({ type: 'tool_output', toolName: 'get_weather', callId: events[0]!.data.callId });
    const completed = events[3]!.data as { result: { status: string; finalOutput: string } };
    expect(completed.result.status).toBe('completed');
    expect(completed.result.finalOutput).toMatch(/^Here is what I found:\n.*Oslo/);
    // In order: each event's id (its Redis stream id) after the one before.
    const ids = stream.events.map((e) => e.id);
    for (let i = 1; i < ids.length; i++) expect(compareIds(ids[i - 1]!, ids[i]!)).toBe(-1);

    const resumed = await readSse(app, `/queued-runs/${runId}/events`, { 'last-event-id': ids[1]! });
    expect(resumed.events.map((e) => e.id)).toEqual(ids.slice(2));
  }, 120_000);

  it('refuses an enqueue without a message, and streams an unknown run as an error event', async () => {
    await request(app.getHttpServer()).post('/queued-runs').set(ACME).send({}).expect(400);
    const stream = await readSse(app, '/queued-runs/no-such-run/events');
    expect(stream.events).toEqual([{ id: '', event: 'error', data: { name: 'QueuedRunNotFoundError', message: expect.stringContaining('no-such-run') } }]);
  }, 120_000);
});
