import 'reflect-metadata';
import { RunCancelledError } from '@toolwright/core';
import { ApplicationShutdownError, ClientDisconnectedError } from '@toolwright/nestjs';
import request from 'supertest';
import { ReportService } from '../src/reports/report.service';
import { openRequest } from './support/http';
import { startApp } from './support/start-app';
import { ACME } from './support/users';

/** The next `event` of the report service, with its payload. */
function next(reports: ReportService, event: 'started' | 'cancelled' | 'finished'): Promise<{ tenant: string; month: string; reason?: unknown }> {
  return new Promise((resolve) => reports.once(event, resolve));
}

describe('Cancelling the example\'s runs', () => {
  const previousGrace = process.env.SHUTDOWN_GRACE_MS;
  afterEach(() => {
    if (previousGrace === undefined) delete process.env.SHUTDOWN_GRACE_MS;
    else process.env.SHUTDOWN_GRACE_MS = previousGrace;
  });

  it('a client that disconnects mid-run cancels it: the slow report tool is aborted', async () => {
    const app = await startApp();
    const reports = app.get(ReportService);
    const started = next(reports, 'started');
    const cancelled = next(reports, 'cancelled');
    const req = openRequest(app, 'POST', '/chat', ACME);
    req.on('error', () => undefined);
    req.end(JSON.stringify({ message: 'Please build the report for 2025-01' }));
    expect(await started).toEqual({ tenant: 'acme', month: '2025-01' });
    req.destroy();
    const { reason } = await cancelled;
    expect(reason).toBeInstanceOf(RunCancelledError);
    expect((reason as RunCancelledError).reason).toBeInstanceOf(ClientDisconnectedError);
    await app.close();
  });

  it('app.close() during a run aborts it once the grace period is over, and the client gets 503', async () => {
    process.env.SHUTDOWN_GRACE_MS = '50';
    const app = await startApp();
    const reports = app.get(ReportService);
    const started = next(reports, 'started');
    const cancelled = next(reports, 'cancelled');
    const answer = request(app.getHttpServer()).post('/chat').set(ACME).send({ message: 'build the report for 2025-02' }).then((res) => res);
    await started;
    await app.close();
    const { reason } = await cancelled;
    expect((reason as RunCancelledError).reason).toBeInstanceOf(ApplicationShutdownError);
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, error: 'RunCancelledError' });
  });
});
