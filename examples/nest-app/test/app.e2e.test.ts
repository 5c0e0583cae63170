import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { BillingService } from '../src/billing/billing.service';
import { RUN_STATE_STORE, type RunStateStore } from '../src/runs/run-state.store';
import { startApp } from './support/start-app';
import { ACME, ACME_MANAGER, GLOBEX } from './support/users';

describe('The NestJS example app over HTTP', () => {
  let app: INestApplication<App>;
  let http: App;

  beforeEach(async () => {
    app = await startApp();
    http = app.getHttpServer();
  });

  afterEach(async () => {
    await app.close();
  });

  it('lists the discovered toolkits and agents', async () => {
    const toolkits = await request(http).get('/toolkits').expect(200);
    expect(toolkits.body).toEqual(
      expect.arrayContaining([
        { name: 'weather', class: 'WeatherTools', module: 'WeatherModule', scope: 'singleton', tools: ['get_weather'] },
        { name: 'billing', class: 'BillingTools', module: 'BillingModule', scope: 'singleton', tools: ['list_invoices', 'refund_invoice'] },
        { name: 'reports', class: 'ReportTools', module: 'ReportsModule', scope: 'singleton', tools: ['build_monthly_report'] },
      ]),
    );
    await request(http).get('/agents').expect(200, [{ name: 'support' }]);
  });

  it('answers a question that needs no approval in one request, with the tenant reaching the tools', async () => {
    const res = await request(http).post('/chat').set(ACME).send({ message: 'Show my invoices' }).expect(200);
    expect(res.body).toMatchObject({ status: 'completed', pendingApprovals: [] });
    expect(res.body.output).toContain('INV-1001: 120 (paid)');
    const audit = await request(http).get('/audit').set(ACME).expect(200);
    expect(audit.body).toEqual([expect.objectContaining({ tool: 'list_invoices', tenant: 'acme', user: 'alice', outcome: 'ok' })]);
    await request(http).get('/audit').set(GLOBEX).expect(200, []);
  });

  it('pauses a refund, shows it pending, and runs it once approved (pause → approve → resume)', async () => {
    const billing = app.get(BillingService);
    const chat = await request(http).post('/chat').set(ACME).send({ message: 'Please refund INV-1002 and tell me the weather in Oslo' }).expect(200);
    expect(chat.body.status).toBe('interrupted');
    expect(chat.body.pendingApprovals).toEqual([
      { callId: expect.any(String), toolName: 'refund_invoice', arguments: { invoiceId: 'INV-1002', reason: 'requested by the customer in chat' }, agent: 'support' },
    ]);
    // The whole batch paused: neither the refund nor the weather call ran.
    expect(billing.find('acme', 'INV-1002')?.status).toBe('paid');
    await request(http).get('/audit').set(ACME).expect(200, []);

    const runId: string = chat.body.runId;
    const shown = await request(http).get(`/runs/${runId}`).set(ACME).expect(200);
    expect(shown.body).toMatchObject({ runId, status: 'interrupted', pendingApprovals: chat.body.pendingApprovals });
    const stored = await app.get<RunStateStore>(RUN_STATE_STORE).get(runId);
    expect(typeof stored?.state).toBe('string');

    const approved = await request(http).post(`/runs/${runId}/approve`).set(ACME_MANAGER).send({}).expect(200);
    expect(approved.body).toMatchObject({ runId, status: 'completed', pendingApprovals: [] });
    expect(approved.body.output).toContain('Refunded INV-1002 (75) for tenant acme, requested by alice, approved by manager-bob');
    expect(approved.body.output).toMatch(/Oslo: -?\d+°C/);
    expect(billing.find('acme', 'INV-1002')?.status).toBe('refunded');
    const audit = await request(http).get('/audit').set(ACME).expect(200);
    expect(audit.body).toEqual([expect.objectContaining({ tool: 'refund_invoice', user: 'alice', decidedBy: 'manager-bob', outcome: 'ok' })]);

    await request(http).get(`/runs/${runId}`).set(ACME).expect(200).expect((res) => expect(res.body.status).toBe('completed'));
    await request(http).post(`/runs/${runId}/approve`).set(ACME).send({}).expect(409);
  });

  it('feeds a rejection to the model and never runs the refund (pause → reject → resume)', async () => {
    const billing = app.get(BillingService);
    const chat = await request(http).post('/chat').set(ACME).send({ message: 'refund INV-1001' }).expect(200);
    expect(chat.body.status).toBe('interrupted');
    const [pending] = chat.body.pendingApprovals;
    const rejected = await request(http)
      .post(`/runs/${chat.body.runId}/reject`)
      .set(ACME_MANAGER)
      .send({ callId: pending.callId, message: 'Refund declined: outside the 30-day window.' })
      .expect(200);
    expect(rejected.body).toMatchObject({ status: 'completed', pendingApprovals: [] });
    expect(rejected.body.output).toContain('Refund declined: outside the 30-day window.');
    expect(billing.find('acme', 'INV-1001')?.status).toBe('paid');
    await request(http).get('/audit').set(ACME).expect(200, []);
  });

  it('applies the DI-built refund guardrail after approval: a refund above the limit never runs', async () => {
    const chat = await request(http).post('/chat').set(ACME).send({ message: 'refund INV-1003' }).expect(200);
    const approved = await request(http).post(`/runs/${chat.body.runId}/approve`).set(ACME).send({}).expect(200);
    expect(approved.body.output).toContain('Refunds above 500 need a billing specialist; INV-1003 is 2400');
    expect(app.get(BillingService).find('acme', 'INV-1003')?.status).toBe('paid');
  });

  it('keeps runs per tenant and answers bad requests clearly', async () => {
    const chat = await request(http).post('/chat').set(ACME).send({ message: 'refund INV-1001' }).expect(200);
    await request(http).get(`/runs/${chat.body.runId}`).set(GLOBEX).expect(404);
    await request(http).post(`/runs/${chat.body.runId}/approve`).set(GLOBEX).send({}).expect(404);
    await request(http).post(`/runs/${chat.body.runId}/approve`).set(ACME).send({ callId: 'nope' }).expect(404);
    await request(http).post('/chat').set(ACME).send({}).expect(400);
    await request(http).get('/runs/does-not-exist').set(ACME).expect(404);
  });
});
