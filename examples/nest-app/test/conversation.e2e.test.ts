import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { startApp } from './support/start-app';
import { ACME, ACME_MANAGER, GLOBEX } from './support/users';

/** Every function call has its output after it, and every output its call before it. */
function dangling(entries: Array<{ type: string; callId?: string }>): string[] {
  const calls = new Set<string>();
  const problems: string[] = [];
  const answered = new Set<string>();
  for (const e of entries) {
    if (e.type === 'function_call') calls.add(e.callId!);
    if (e.type === 'function_call_output') {
      if (!calls.has(e.callId!)) problems.push(`output ${e.callId} without its call`);
      answered.add(e.callId!);
    }
  }
  for (const id of calls) if (!answered.has(id)) problems.push(`call ${id} without its output`);
  return problems;
}

describe('The NestJS example app keeps a conversation across HTTP requests (sessions)', () => {
  let app: INestApplication<App>;
  let http: App;

  beforeEach(async () => {
    app = await startApp();
    http = app.getHttpServer();
  });

  afterEach(async () => {
    await app.close();
  });

  it('remembers what was said earlier in the same conversation, and only there', async () => {
    const conv = { ...ACME, 'x-conversation-id': 'conv-name' };
    const introduced = await request(http).post('/chat').set(conv).send({ message: 'Hi, my name is Ada' }).expect(200);
    expect(introduced.body.output).toBe('Nice to meet you, Ada.');
    const asked = await request(http).post('/chat').set(conv).send({ message: 'What is my name?' }).expect(200);
    expect(asked.body.output).toBe('Your name is Ada.');
    // Another conversation, another user of the tenant, another tenant, no conversation: none knows.
    for (const headers of [{ ...ACME, 'x-conversation-id': 'other' }, { ...ACME_MANAGER, 'x-conversation-id': 'conv-name' }, { ...GLOBEX, 'x-conversation-id': 'conv-name' }, ACME]) {
      const res = await request(http).post('/chat').set(headers).send({ message: 'What is my name?' }).expect(200);
      expect(res.body.output).toBe('You have not told me your name yet.');
    }
    const entries = await request(http).get('/conversations/conv-name').set(ACME).expect(200);
    expect(entries.body.map((e: { text?: string }) => e.text)).toEqual(['Hi, my name is Ada', 'Nice to meet you, Ada.', 'What is my name?', 'Your name is Ada.']);
  });

  it('keeps a history without dangling calls across a refund paused for approval, approved and resumed', async () => {
    const conv = { ...ACME, 'x-conversation-id': 'conv-refund' };
    await request(http).post('/chat').set(conv).send({ message: 'My name is Ada' }).expect(200);
    const paused = await request(http).post('/chat').set(conv).send({ message: 'Please refund INV-1002' }).expect(200);
    expect(paused.body.status).toBe('interrupted');
    const held = await request(http).get('/conversations/conv-refund').set(ACME).expect(200);
    expect(held.body.map((e: { type: string }) => e.type)).toEqual(['message', 'message', 'message']);
    expect(dangling(held.body)).toEqual([]);

    const done = await request(http).post(`/runs/${paused.body.runId}/approve`).set(ACME_MANAGER).send({}).expect(200);
    expect(done.body.status).toBe('completed');
    const after = await request(http).get('/conversations/conv-refund').set(ACME).expect(200);
    expect(after.body.map((e: { type: string; toolName?: string }) => e.toolName ?? e.type)).toEqual(['message', 'message', 'message', 'refund_invoice', 'function_call_output', 'message']);
    expect(dangling(after.body)).toEqual([]);

    const next = await request(http).post('/chat').set(conv).send({ message: 'What is my name?' }).expect(200);
    expect(next.body.output).toBe('Your name is Ada.');
  });
});
