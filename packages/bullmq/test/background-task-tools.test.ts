import { Redis } from 'ioredis';
import { Agent, Ctx, Runner, RUNNING_TASK_TOOLS, ScriptedModel, Tool, Param, type Item, type ModelRequest, type ScriptedTurn, type ToolContext } from '@toolwright/core';
import { RedisRunStore } from '@toolwright/redis';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { startRedisServer, type TestRedisServer } from '../../redis/src/testing';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { RunQueue, RunWorker, type QueuedRunEvent } from '../src';

const redisBackend = requireBackend({ name: 'redis-server', binaries: ['redis-server'], debianPackages: ['redis-server'] });
const QUEUE = 'bgtasks';

/** Background tools: `crawl` runs until its signal aborts; `quick` answers at once. */
class SiteTools {
  static crawlsStarted = 0;
  static crawlsAborted = 0;

  /** Crawl a whole site (takes hours). */
  @Tool({ background: true })
  async crawl(@Param('site') site: string, @Ctx() ctx?: ToolContext): Promise<string> {
    SiteTools.crawlsStarted++;
    await new Promise<void>((resolve) => ctx!.signal.addEventListener('abort', () => resolve(), { once: true }));
    SiteTools.crawlsAborted++;
    // An answer after the cancellation: it must never reach the run.
    return `Crawled ${site}: 1,000 pages.`;
  }

  /** Count a site's pages (quick). */
  @Tool({ background: true })
  async quick(@Param('site') site: string): Promise<string> {
    return `${site} has 12 pages.`;
  }
}

function outputs(input: readonly Item[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of input) if (item.type === 'function_call_output') out[item.callId] = typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
  return out;
}

/** A model that plays `steps` in order, each once the previous step's call has its output. */
function stepsModel(steps: Array<{ callId: string; turn: (out: Record<string, string>) => ScriptedTurn | Promise<ScriptedTurn> }>, final: (out: Record<string, string>, request: ModelRequest) => string): ScriptedModel {
  return new ScriptedModel(async (request: ModelRequest) => {
    const out = outputs(request.input);
    const next = steps.find((s) => out[s.callId] === undefined);
    return next ? next.turn(out) : { text: final(out, request) };
  });
}

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting until ${what}`);
}

describeBackend(redisBackend, 'The task tools of runs on the queue (get_running_tasks, cancel_task)', () => {
  let server: TestRedisServer;
  let redis: Redis;
  let store: RedisRunStore;
  let queue: RunQueue;
  let workers: RunWorker[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
    store = new RedisRunStore({ client: redis, secret: CONTRACT_SECRET });
    queue = new RunQueue({ connection: { host: '127.0.0.1', port: server.port }, name: QUEUE, store });
  }, 30_000);
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.close({ graceMs: 0 })));
    workers = [];
  });
  afterAll(async () => {
    await queue?.close();
    await redis?.quit();
    await server?.stop();
  });

  /** Two workers on the queue: a task's job and its run may be on different ones. */
  async function startWorkers(agent: Agent<any>): Promise<void> {
    workers = [0, 1].map(() => new RunWorker({ connection: { host: '127.0.0.1', port: server.port }, store, runner: new Runner(), agents: [agent], queueName: QUEUE, concurrency: 2 }));
    await Promise.all(workers.map((w) => w.waitUntilReady()));
  }

  async function eventsOf(runId: string): Promise<QueuedRunEvent[]> {
    const events: QueuedRunEvent[] = [];
    for await (const event of queue.events(runId)) events.push(event);
    return events;
  }

  it('lists a running background task and cancels it: its job stops, the run hears it was cancelled, no result comes later', async () => {
    SiteTools.crawlsStarted = 0;
    SiteTools.crawlsAborted = 0;
    let taskId = '';
    const model = stepsModel(
      [
        { callId: 'call_crawl', turn: () => ({ toolCalls: [{ name: 'crawl', arguments: { site: 'example.com' }, callId: 'call_crawl' }] }) },
        {
          callId: 'list1',
          // The task's job has started on a worker before the model looks.
          turn: async () => {
            await until('the crawl started', () => SiteTools.crawlsStarted === 1);
            return { toolCalls: [{ name: RUNNING_TASK_TOOLS.list, arguments: {}, callId: 'list1' }] };
          },
        },
        {
          callId: 'cancel1',
          turn: (out) => {
            taskId = (JSON.parse(out.list1!) as { taskId: string }).taskId;
            return { toolCalls: [{ name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: taskId }, callId: 'cancel1' }] };
          },
        },
        { callId: 'cancel2', turn: () => ({ toolCalls: [{ name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'call_crawl' }, callId: 'cancel2' }] }) },
        { callId: 'list2', turn: () => ({ toolCalls: [{ name: RUNNING_TASK_TOOLS.list, arguments: {}, callId: 'list2' }] }) },
      ],
      (out) => `cancel1: ${out.cancel1} | cancel2: ${out.cancel2} | list2: ${out.list2}`,
    );
    await startWorkers(new Agent({ name: 'crawler', instructions: 'Crawl sites.', tools: [new SiteTools()], model }));
    const started = Date.now();
    const runId = await queue.enqueue('crawler', 'Crawl example.com, then think better of it');
    const result = await queue.result(runId);

    expect(result.status).toBe('completed');
    const list1 = JSON.parse(outputs(result.newItems as Item[]).list1!) as Record<string, string>;
    expect(list1).toEqual({ type: 'background_task', taskId: expect.stringMatching(/^task-[0-9a-f]{20}$/), callId: 'call_crawl', name: 'crawl', state: 'running', startedAt: expect.any(String) });
    expect(Date.parse(list1.startedAt!)).toBeGreaterThanOrEqual(started - 1000);
    expect(result.finalOutput).toBe(
      `cancel1: Task ${taskId} cancelled successfully. Its result will not be delivered. | cancel2: Task call_crawl was already cancelled. | list2: No tasks are running.`,
    );
    // The job running the tool was stopped (its signal aborted) on whichever worker ran it.
    await until('the crawl was aborted', () => SiteTools.crawlsAborted === 1);
    expect(SiteTools.crawlsStarted).toBe(1);

    const events = await eventsOf(runId);
    const toolOutputs = events.filter((e): e is Extract<QueuedRunEvent, { type: 'tool_output' }> => e.type === 'tool_output' && e.toolName === 'crawl');
    expect(toolOutputs.map((e) => e.result.text)).toEqual([expect.stringMatching(/^Started crawl in the background/), `Background task ${taskId} (crawl) was cancelled.`]);
    // The run ended without waiting for the task, and nothing of it arrives later.
    await new Promise((r) => setTimeout(r, 300));
    expect(await queue.status(runId)).toBe('completed');
    const later = (await redis.xrange(`toolwright:bullmq:{${QUEUE}}:events:${runId}`, '-', '+')).map(([, fields]) => fields[1]!);
    expect(later.filter((e) => e.includes('Crawled example.com'))).toEqual([]);
    expect(JSON.parse((await redis.hget(`toolwright:bullmq:{${QUEUE}}:tasks:${runId}`, taskId))!)).toMatchObject({ status: 'cancelled' });
  }, 60_000);

  it('lists a task that already finished as finished; cancelling it answers so, and its result is delivered', async () => {
    let runId = '';
    const tasksKey = () => `toolwright:bullmq:{${QUEUE}}:tasks:${runId}`;
    const model = stepsModel(
      [
        { callId: 'call_quick', turn: () => ({ toolCalls: [{ name: 'quick', arguments: { site: 'example.org' }, callId: 'call_quick' }] }) },
        {
          callId: 'list1',
          turn: async () => {
            await until('the quick task finished', async () => runId !== '' && Object.values(await redis.hgetall(tasksKey())).some((t) => t.includes('"status":"done"')));
            return { toolCalls: [{ name: RUNNING_TASK_TOOLS.list, arguments: {}, callId: 'list1' }] };
          },
        },
        { callId: 'cancel1', turn: () => ({ toolCalls: [{ name: RUNNING_TASK_TOOLS.cancel, arguments: { call_id: 'call_quick' }, callId: 'cancel1' }] }) },
      ],
      (out, request) => {
        const last = request.input[request.input.length - 1];
        if (last?.type === 'message' && last.role === 'user' && typeof last.content === 'string' && last.content.startsWith('[background task')) return `delivered: ${last.content.split('\n')[1]}`;
        return `list1: ${out.list1} | cancel1: ${out.cancel1}`;
      },
    );
    await startWorkers(new Agent({ name: 'counter', instructions: 'Count pages.', tools: [new SiteTools()], model }));
    runId = await queue.enqueue('counter', 'Count the pages of example.org');
    const result = await queue.result(runId);

    expect(result).toMatchObject({ status: 'completed', finalOutput: 'delivered: example.org has 12 pages.' });
    const events = await eventsOf(runId);
    const firstAnswer = events.find((e) => e.type === 'run_completed');
    const answer = (firstAnswer as unknown as { result: { finalOutput: string } }).result.finalOutput;
    expect(answer).toMatch(/^list1: \{"type":"background_task","taskId":"task-[0-9a-f]{20}","callId":"call_quick","name":"quick","state":"finished","startedAt":"[^"]+"\} \| cancel1: /);
    expect(answer).toMatch(/cancel1: Task call_quick has already finished, so it cannot be cancelled; its result is delivered to this conversation\.$/);
  }, 60_000);
});
