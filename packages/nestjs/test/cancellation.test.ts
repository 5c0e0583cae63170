import 'reflect-metadata';
import { Body, Controller, HttpCode, Injectable, Module, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Ctx, RunCancelledError, Runner, ScriptedModel, Tool, Toolkit, type ToolContext } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ApplicationShutdownError, ClientDisconnectedError, RunSignal, ToolwrightExceptionFilter, ToolwrightModule } from '../src';
import { open, send } from './support/http';

/** A promise with its resolve function. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** What the slow tool and the controller saw; the test steers the tool through it. */
@Injectable()
class Probe {
  started = deferred();
  aborted = deferred<unknown>();
  release = deferred<string>();
  readonly outcomes: unknown[] = [];
}

@Toolkit({ name: 'reports' })
@Injectable()
class ReportTools {
  constructor(private readonly probe: Probe) {}

  /** Build a long report. */
  @Tool()
  async buildReport(@Ctx() ctx: ToolContext): Promise<string> {
    this.probe.started.resolve();
    ctx.signal.addEventListener('abort', () => this.probe.aborted.resolve(ctx.signal.reason));
    // Runs until the test releases it or the run is cancelled (a tool that honours its signal).
    return Promise.race([
      this.probe.release.promise,
      new Promise<string>((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
    ]);
  }
}

@AgentDefinition({ name: 'reporter', tools: [ReportTools] })
@Injectable()
class ReporterAgent {}

@Controller()
class ReportController {
  constructor(
    private readonly runner: Runner,
    private readonly agents: AgentRegistry,
    private readonly probe: Probe,
  ) {}

  @Post('report')
  @HttpCode(200)
  async report(@Body() body: { message: string }, @RunSignal() signal: AbortSignal) {
    try {
      const result = await this.runner.run(this.agents.get('reporter'), body.message, { signal });
      this.probe.outcomes.push(result.status);
      return { output: result.finalOutput };
    } catch (error) {
      this.probe.outcomes.push(error);
      throw error;
    }
  }
}

function reportModel() {
  return new ScriptedModel((request) => {
    const output = request.input.find((i) => i.type === 'function_call_output') as { output: string } | undefined;
    return output ? { text: `report: ${output.output}` } : { toolCalls: [{ name: 'build_report', arguments: {} }] };
  });
}

async function listen(shutdownGraceMs?: number): Promise<{ app: INestApplication; probe: Probe }> {
  @Module({
    imports: [ToolwrightModule.forRoot({ model: reportModel(), shutdownGraceMs, logDiscovery: false })],
    providers: [Probe, ReportTools, ReporterAgent],
    controllers: [ReportController],
  })
  class ReportsModule {}
  const moduleRef = await Test.createTestingModule({ imports: [ReportsModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new ToolwrightExceptionFilter());
  await app.listen(0, '127.0.0.1');
  return { app, probe: app.get(Probe) };
}

describe('Cancelling runs', () => {
  it('aborts the run when the HTTP client disconnects mid-run: the tool\'s signal fires and the run ends with RunCancelledError', async () => {
    const { app, probe } = await listen();
    const req = open(app, 'POST', '/report');
    req.on('error', () => undefined);
    req.end(JSON.stringify({ message: 'the yearly report' }));
    await probe.started.promise;
    req.destroy();
    const reason = await probe.aborted.promise;
    expect(reason).toBeInstanceOf(RunCancelledError);
    expect((reason as RunCancelledError).reason).toBeInstanceOf(ClientDisconnectedError);
    await app.close();
    expect(probe.outcomes).toHaveLength(1);
    expect(probe.outcomes[0]).toBeInstanceOf(RunCancelledError);
  });

  it('lets a request that stays connected finish', async () => {
    const { app, probe } = await listen();
    const answer = send(app, 'POST', '/report', { message: 'the weekly report' });
    await probe.started.promise;
    probe.release.resolve('42 pages');
    expect(await answer).toEqual({ status: 200, body: { output: 'report: 42 pages' } });
    await app.close();
  });

  it('aborts in-flight runs on app.close(): the client gets 503 and close() does not wait for the tool', async () => {
    const { app, probe } = await listen();
    const answer = send(app, 'POST', '/report', { message: 'the report' });
    await probe.started.promise;
    await app.close();
    const reason = await probe.aborted.promise;
    expect((reason as RunCancelledError).reason).toBeInstanceOf(ApplicationShutdownError);
    expect(await answer).toMatchObject({ status: 503, body: { error: 'RunCancelledError' } });
  });

  it('drains in-flight runs for shutdownGraceMs: a run that finishes in time completes, a run started during shutdown is refused', async () => {
    const { app, probe } = await listen(60_000);
    const answer = send(app, 'POST', '/report', { message: 'the report' });
    await probe.started.promise;
    const closing = app.close();
    // The server still answers while the module drains: a new run is refused at once.
    const late = await send(app, 'POST', '/report', { message: 'another report' });
    expect(late).toMatchObject({ status: 503, body: { error: 'RunCancelledError' } });
    probe.release.resolve('10 pages');
    expect(await answer).toEqual({ status: 200, body: { output: 'report: 10 pages' } });
    await closing;
  });
});
