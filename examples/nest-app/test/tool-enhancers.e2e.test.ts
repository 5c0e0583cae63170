import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { BillingService } from '../src/billing/billing.service';
import { RUN_STATE_STORE, type RunStateStore } from '../src/runs/run-state.store';
import { startApp } from './support/start-app';
import { ACME, ACME_MANAGER, ACME_VISITOR } from './support/users';

describe('Nest guards, pipes and filters on the example\'s tools, and Toolwright errors over HTTP', () => {
  let app: INestApplication<App>;
  let http: App;

  beforeEach(async () => {
    app = await startApp();
    http = app.getHttpServer();
  });

  afterEach(async () => {
    await app.close();
  });

  it('a Nest guard on the billing tools refuses a visitor who did not sign in; the model is told why and nothing is audited', async () => {
    const res = await request(http).post('/chat').set(ACME_VISITOR).send({ message: 'Show my invoices' }).expect(200);
    expect(res.body.status).toBe('completed');
    expect(res.body.output).toContain('The call was refused by SignedInGuard: Billing tools are for signed-in users; ask the user to sign in.');
    await request(http).get('/audit').set(ACME).expect(200, []);
  });

  it('a Nest pipe on the weather tool tidies the city name after validation', async () => {
    const res = await request(http).post('/chat').set(ACME).send({ message: 'What is the weather in new YORK' }).expect(200);
    expect(res.body.output).toMatch(/^Here is what I found:\nNew York: -?\d+°C, \w+$/);
  });

  it('a Nest exception filter on the refund tool turns the service\'s NotFoundException into the tool\'s output', async () => {
    const chat = await request(http).post('/chat').set(ACME).send({ message: 'refund INV-9999' }).expect(200);
    const approved = await request(http).post(`/runs/${chat.body.runId}/approve`).set(ACME_MANAGER).send({}).expect(200);
    expect(approved.body.output).toContain('No invoice INV-9999 for tenant acme. List the invoices to find the right number, or ask the customer.');
    await request(http).get('/audit').set(ACME).expect(200).expect((res) => expect(res.body).toEqual([expect.objectContaining({ tool: 'refund_invoice', outcome: 'ok' })]));
  });

  it('ToolwrightExceptionFilter answers 400 for edited arguments that break the schema and 409 for a run state that was changed', async () => {
    const chat = await request(http).post('/chat').set(ACME).send({ message: 'refund INV-1001' }).expect(200);
    const runId: string = chat.body.runId;
    const invalid = await request(http).post(`/runs/${runId}/approve`).set(ACME_MANAGER).send({ arguments: { invoiceId: 'not-an-invoice', reason: 'x' } }).expect(400);
    expect(invalid.body).toMatchObject({ statusCode: 400, error: 'ToolArgumentsError', toolName: 'refund_invoice' });
    expect(invalid.body.message).toMatch(/invoiceId/);

    // Someone with access to the store edits the state: its signature no longer matches.
    const store = app.get<RunStateStore>(RUN_STATE_STORE);
    const record = (await store.get(runId))!;
    await store.save({ ...record, state: record.state!.replace('INV-1001', 'INV-1003') });
    const tampered = await request(http).post(`/runs/${runId}/approve`).set(ACME_MANAGER).send({}).expect(409);
    expect(tampered.body).toEqual({ statusCode: 409, error: 'RunStateError', message: expect.stringMatching(/signature does not match/) });
    expect(app.get(BillingService).find('acme', 'INV-1003')?.status).toBe('paid');
  });
});
