import 'reflect-metadata';
import request from 'supertest';
import { InMemoryRunStateStore } from '../src/runs/in-memory-run-state.store';
import { startApp, type Shared } from './support/start-app';
import { ACME, ACME_MANAGER, GLOBEX } from './support/users';

describe('A paused run resumed by another instance of the app', () => {
  it('knows whom the run is for from its signed state: the requester reaches the tools, another tenant cannot resume it', async () => {
    // Two instances sharing a store and the signing secret, as two processes on one database.
    const shared: Shared = { store: new InMemoryRunStateStore(), secret: 'a long random secret shared by the instances' };
    const first = await startApp(shared);
    const second = await startApp(shared);
    try {
      const chat = await request(first.getHttpServer()).post('/chat').set(ACME).send({ message: 'refund INV-1002' }).expect(200);
      expect(chat.body.status).toBe('interrupted');
      await request(second.getHttpServer()).post(`/runs/${chat.body.runId}/approve`).set(GLOBEX).send({}).expect(404);
      const approved = await request(second.getHttpServer()).post(`/runs/${chat.body.runId}/approve`).set(ACME_MANAGER).send({}).expect(200);
      expect(approved.body.output).toContain('Refunded INV-1002 (75) for tenant acme, requested by alice, approved by manager-bob');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
