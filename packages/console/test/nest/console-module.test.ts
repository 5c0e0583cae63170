import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { MemoryRunStore, Runner, type RunStore } from '@toolwright/core';
import { ToolwrightConsoleModule } from '../../src';
import { basicAuth } from '../../src/cli/basic-auth';
import { HttpSession } from '../http/http-session';
import { authHeader, PASSWORD, refunds, support } from '../console-fixtures';

describe('ToolwrightConsoleModule in a NestJS application over real HTTP', () => {
  const store = new MemoryRunStore();
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    @Module({ imports: [ToolwrightConsoleModule.forRoot({ store, agents: [support], authorize: basicAuth(PASSWORD), basePath: '/console' })] })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = `${await app.getUrl()}/console`.replace('[::1]', '127.0.0.1');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves the runs list under its base path, behind authorize', async () => {
    const paused = await new Runner().run(support, 'refund NEST-1 25', { store: store as RunStore });
    expect((await fetch(`${base}/`)).status).toBe(401);
    const list = await fetch(`${base}/`, { headers: { Authorization: authHeader('dana') } });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(paused.runId!);
    // Links stay under the mount path.
    expect(html).toContain(`/console/runs/${paused.runId}`);
  });

  it('decides a paused call through the module, and the run completes', async () => {
    const paused = await new Runner().run(support, 'refund NEST-2 30', { store: store as RunStore });
    const s = new HttpSession(new URL(base).origin, 'dana');
    const page = await s.get(`${base}/runs/${paused.runId}`);
    expect(page.status).toBe(200);
    const res = await s.post(`${base}/runs/${paused.runId}/calls/call_NEST-2/approve`, {});
    expect(res.status).toBeLessThan(400);
    const deadline = Date.now() + 30_000;
    while (!refunds.includes('NEST-2:30')) {
      if (Date.now() > deadline) throw new Error('the approved refund never ran');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refunds.filter((r) => r === 'NEST-2:30')).toHaveLength(1);
  }, 60_000);

  it('refuses a basePath that would take over the whole application', () => {
    expect(() => ToolwrightConsoleModule.forRoot({ store, basePath: '/' })).toThrow(/its own path/);
  });
});
