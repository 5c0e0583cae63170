import { Agent, RunCancelledError, Runner, ScriptedModel, ToolTimeoutError, type RunResult } from '@toolwright/core';
import { bareTool, outputsOf, sleep } from './helpers';

describe('Runner', () => {
  describe('when a tool outlives its timeoutMs', () => {
    let unhandled: unknown[];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    beforeEach(() => {
      unhandled = [];
      process.on('unhandledRejection', onUnhandled);
    });
    afterEach(() => {
      process.off('unhandledRejection', onUnhandled);
    });

    it('fails the call at once with ToolTimeoutError even if the tool ignores its signal, and aborts the signal', async () => {
      let signal: AbortSignal | undefined;
      let release: ((value: string) => void) | undefined;
      // The tool settles only when the test says so: the run must end without waiting for it.
      const slow = bareTool('slow', (ctx) => {
        signal = ctx.signal;
        return new Promise<string>((resolve) => (release = resolve));
      }, { timeoutMs: 40 });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'slow', callId: 'c1' }] }, { text: 'gave up' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [slow] }), 'go');
      expect(signal!.aborted).toBe(true);
      expect(signal!.reason).toBeInstanceOf(ToolTimeoutError);
      expect(outputsOf(result.history).c1).toMatch(/Tool "slow" \(call c1\) timed out after 40 ms/);
      release!('late result');
      await sleep(20);
      expect(outputsOf(result.history).c1).not.toMatch(/late result/);
    });

    it('discards a late rejection without an unhandled rejection', async () => {
      const slow = bareTool('slow', () => sleep(80).then(() => Promise.reject(new Error('late failure'))), { timeoutMs: 20 });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'slow', callId: 'c1' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [slow] }), 'go');
      await sleep(150);
      expect(unhandled).toEqual([]);
      expect(outputsOf(result.history).c1).toMatch(/timed out/);
    });

    it('follows failureError: null and fails the run with the timeout as cause', async () => {
      const slow = bareTool('slow', () => sleep(200), { timeoutMs: 20, failureError: null });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'slow' }] }, { text: 'never' }]);
      const error = (await new Runner({ model }).run(new Agent({ name: 'a', tools: [slow] }), 'go').catch((e: unknown) => e)) as { cause?: unknown };
      expect(error.cause).toBeInstanceOf(ToolTimeoutError);
    });
  });

  describe('when the run is cancelled through options.signal', () => {
    it('aborts the model request and ends the run with RunCancelledError', async () => {
      const controller = new AbortController();
      let modelSignal: AbortSignal | undefined;
      const model = new ScriptedModel([(request) => ({ text: String(request.input.length), delayMs: 5_000 })]);
      const respond = model.respond.bind(model);
      model.respond = (request, signal) => {
        modelSignal = signal;
        return respond(request, signal);
      };
      const run = new Runner({ model }).run(new Agent({ name: 'a' }), 'go', { signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RunCancelledError);
      expect((error as Error).message).toMatch(/cancelled through options.signal/);
      expect(modelSignal!.aborted).toBe(true);
      expect(((error as RunCancelledError).result as RunResult).status).toBe('failed');
    });

    it('ends the run even when the model ignores the signal', async () => {
      const controller = new AbortController();
      const model = { respond: () => new Promise<never>(() => undefined), stream: () => { throw new Error('unused'); } };
      const run = new Runner({ model }).run(new Agent({ name: 'a' }), 'go', { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('user left')), 10);
      await expect(run).rejects.toThrow('The run was cancelled through options.signal (reason: user left).');
    });

    it('aborts every running tool signal, starts no further tool, and fails at once', async () => {
      const controller = new AbortController();
      const signals: AbortSignal[] = [];
      const started: string[] = [];
      const finished: string[] = [];
      const tool = (name: string) => bareTool(name, (ctx) => {
        started.push(name);
        signals.push(ctx.signal);
        return sleep(1_000).then(() => (finished.push(name), name));
      });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }, { text: 'never' }]);
      const run = new Runner({ model, maxToolConcurrency: 2 }).run(new Agent({ name: 'x', tools: [tool('a'), tool('b'), tool('c')] }), 'go', { signal: controller.signal });
      await sleep(30);
      controller.abort();
      await expect(run).rejects.toBeInstanceOf(RunCancelledError);
      // The run settled without waiting for the running calls, which ignore their signal.
      expect(finished).toEqual([]);
      expect(started).toEqual(['a', 'b']);
      expect(signals.every((s) => s.aborted)).toBe(true);
      await sleep(50);
      expect(started).toEqual(['a', 'b']);
      expect(model.requests).toHaveLength(1);
    });

    it('leaves the signal of a tool with cancellable: false alone', async () => {
      const controller = new AbortController();
      let signal: AbortSignal | undefined;
      let markStarted!: () => void;
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      const steady = bareTool('steady', (ctx) => {
        signal = ctx.signal;
        markStarted();
        return sleep(300);
      }, { cancellable: false });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'steady' }] }, { text: 'never' }]);
      const run = new Runner({ model }).run(new Agent({ name: 'x', tools: [steady] }), 'go', { signal: controller.signal });
      // Abort only once the tool is running, so a slow machine cannot let the run finish first.
      await started;
      controller.abort();
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RunCancelledError);
      expect(signal!.aborted).toBe(false);
    });

    it('does not start when the signal is already aborted', async () => {
      const model = new ScriptedModel([{ text: 'never' }]);
      await expect(new Runner({ model }).run(new Agent({ name: 'a' }), 'go', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(RunCancelledError);
      expect(model.requests).toHaveLength(0);
    });
  });
});
