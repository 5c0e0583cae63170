import 'reflect-metadata';
import {
  Agent, Param, Runner, ScriptedModel, Tool, ToolResult, UseInterceptors, type ToolInterceptor,
} from '@toolwright/core';
import { finalOutputs, sleep, textTool } from '../runner/helpers';

const oneCall = (name: string, args: object = {}) => new ScriptedModel([{ toolCalls: [{ name, arguments: args, callId: 'c' }] }, finalOutputs()]);

function tracing(name: string, log: string[]): ToolInterceptor {
  return {
    async intercept(_invocation, next) {
      log.push(`${name} before`);
      const result = await next();
      log.push(`${name} after`);
      return result;
    },
  };
}

describe('Tool interceptors', () => {
  it('form an onion: runner-level outside, then toolkit-level, then method-level around the method', async () => {
    const log: string[] = [];
    @UseInterceptors(tracing('toolkit', log))
    class Ops {
      @UseInterceptors(tracing('method', log))
      @Tool({ description: 'Restart.' })
      restart(@Param('service') service: string) {
        log.push('invoke');
        return `restarted ${service}`;
      }
    }
    const runner = new Runner({ model: oneCall('restart', { service: 'db' }), interceptors: [tracing('runner', log)] });
    const result = await runner.run(new Agent({ name: 'a', tools: [new Ops()] }), 'go');
    expect(log).toEqual(['runner before', 'toolkit before', 'method before', 'invoke', 'method after', 'toolkit after', 'runner after']);
    expect(result.finalOutput).toBe('{"c":"restarted db"}');
  });

  it('may short-circuit with a result: the tool never runs', async () => {
    const method = jest.fn(() => 'fresh');
    const cache: ToolInterceptor = { intercept: async ({ args }) => ToolResult.text(`cached ${args.value}`) };
    const result = await new Runner({ model: oneCall('lookup', { value: 'k' }), interceptors: [cache] }).run(
      new Agent({ name: 'a', tools: [textTool('lookup', method)] }),
      'go',
    );
    expect(method).not.toHaveBeenCalled();
    expect(result.finalOutput).toBe('{"c":"cached k"}');
  });

  it('may transform the result', async () => {
    const upper: ToolInterceptor = { intercept: async (_i, next) => ToolResult.text((await next()).text.toUpperCase()) };
    const result = await new Runner({ model: oneCall('echo', { value: 'quiet' }) }).run(
      new Agent({ name: 'a', tools: [textTool('echo', (_ctx, { value }) => value, { interceptors: [upper] })] }),
      'go',
    );
    expect(result.finalOutput).toBe('{"c":"QUIET"}');
  });

  it('may time and log a call, seeing the tool, the typed arguments and the context', async () => {
    const entries: Array<{ tool: string; callId: string; args: unknown; ms: number }> = [];
    const timing: ToolInterceptor = {
      async intercept({ tool, args, ctx }, next) {
        const started = performance.now();
        const result = await next();
        entries.push({ tool: tool.name, callId: ctx.callId, args, ms: performance.now() - started });
        return result;
      },
    };
    await new Runner({ model: oneCall('slow', { value: 'v' }), interceptors: [timing] }).run(
      new Agent({ name: 'a', tools: [textTool('slow', async () => (await sleep(30), 'done'))] }),
      'go',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tool: 'slow', callId: 'c', args: { value: 'v' } });
    expect(entries[0]!.ms).toBeGreaterThanOrEqual(25);
  });

  it('may retry by calling next() again', async () => {
    let attempts = 0;
    const flaky = textTool('flaky', () => {
      attempts++;
      if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
      return `ok after ${attempts}`;
    });
    const retry: ToolInterceptor = {
      async intercept(_invocation, next) {
        for (let i = 1; ; i++) {
          try {
            return await next();
          } catch (error) {
            if (i === 3) throw error;
          }
        }
      },
    };
    const result = await new Runner({ model: oneCall('flaky', { value: 'x' }), interceptors: [retry] }).run(new Agent({ name: 'a', tools: [flaky] }), 'go');
    expect(attempts).toBe(3);
    expect(result.finalOutput).toBe('{"c":"ok after 3"}');
  });
});
