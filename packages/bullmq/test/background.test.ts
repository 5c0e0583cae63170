import { Redis } from 'ioredis';
import { Agent, Runner, ScriptedModel, Tool, Param, type ModelRequest } from '@toolwright/core';
import { RedisRunStore } from '@toolwright/redis';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { RunQueue, RunWorker, type QueuedRunEvent } from '../src';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });

/** Reports that take a while; `fail` makes one throw. */
class ReportTools {
  static release: () => void = () => undefined;
  static started = 0;

  /** Build a long report. */
  @Tool({ background: true })
  async buildReport(@Param('topic') topic: string): Promise<string> {
    ReportTools.started++;
    await new Promise<void>((resolve) => (ReportTools.release = resolve));
    if (topic === 'fail') throw new Error('the data warehouse is down');
    return `Report on ${topic}: 42 rows.`;
  }
}

/** The model: ask for the report, answer at once with the handle, then quote the delivered result. */
function reportModel(topic: string): ScriptedModel {
  return new ScriptedModel((request: ModelRequest) => {
    const last = request.input[request.input.length - 1];
    if (last?.type === 'message' && last.role === 'user' && typeof last.content === 'string' && last.content.startsWith('[background task')) {
      return { text: `Here it is: ${last.content.split('\n').slice(1).join(' ')}` };
    }
    if (!request.input.some((i) => i.type === 'function_call_output')) return { toolCalls: [{ name: 'build_report', arguments: { topic }, callId: 'call_report' }] };
    return { text: 'I started the report; it will follow.' };
  });
}

describeBackend(redisBackend, 'Background tools on the queue', () => {
  let server: TestRedisServer;
  let redis: Redis;
  let store: RedisRunStore;
  let queue: RunQueue;
  let worker: RunWorker;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
    store = new RedisRunStore({ client: redis, secret: CONTRACT_SECRET });
    queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: 'bg', store });
  }, 30_000);
  afterAll(async () => {
    await worker?.close({ graceMs: 0 });
    await queue?.close();
    await redis?.quit();
    await server?.stop();
  });

  function start(topic: string): void {
    const agent = new Agent({ name: `reporter-${topic}`, instructions: 'Build reports.', tools: [new ReportTools()], model: reportModel(topic) });
    worker = new RunWorker({ connection: { host: '127.0.0.1', port: server.port }, store, runner: new Runner(), agents: [agent], queueName: 'bg', concurrency: 4 });
  }

  async function untilStatus(runId: string, status: string): Promise<void> {
    for (let i = 0; i < 500 && (await queue.status(runId)) !== status; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await queue.status(runId)).toBe(status);
  }

  it('answers the model with a handle at once; the result, finishing after the model ended its turn, continues the run', async () => {
    start('sales');
    ReportTools.started = 0;
    const runId = await queue.enqueue('reporter-sales', 'Build the sales report');
    // The model's turn ended while the report still runs: the run waits for it.
    await untilStatus(runId, 'waiting');
    expect(ReportTools.started).toBe(1);
    ReportTools.release();
    const result = await queue.result(runId);
    expect(result).toMatchObject({ status: 'completed', finalOutput: 'Here it is: Report on sales: 42 rows.' });
    const events: QueuedRunEvent[] = [];
    for await (const event of queue.events(runId)) events.push(event);
    const outputs = events.filter((e): e is Extract<QueuedRunEvent, { type: 'tool_output' }> => e.type === 'tool_output');
    expect(outputs.map((e) => e.result.text)).toEqual([expect.stringMatching(/^Started build_report in the background \(task id task-[0-9a-f]+\)/), 'Report on sales: 42 rows.']);
    expect(events.filter((e) => e.type === 'run_completed')).toHaveLength(2);
    await worker.close({ graceMs: 0 });
  });

  it('delivers a failing background tool as a failure the model sees', async () => {
    start('fail');
    const runId = await queue.enqueue('reporter-fail', 'Build the report');
    await untilStatus(runId, 'waiting');
    ReportTools.release();
    const result = await queue.result(runId);
    expect(result.status).toBe('completed');
    expect(result.finalOutput).toMatch(/^Here it is: .*the data warehouse is down/);
    await worker.close({ graceMs: 0 });
  });
});
