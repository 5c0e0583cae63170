import { join } from 'node:path';
import { Agent, Runner, ScriptedModel, UserError } from '@toolwright/core';
import { McpToolset, type McpToolsetOptions } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';
import { fixtureServer, tempDir } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const stdio = { command: process.execPath, args: ['server.js'] };
const make = (options: Partial<McpToolsetOptions>) => () => new McpToolset({ name: 'files', transport: stdio, ...options });
const RANGE = 'must be a positive integer number of milliseconds up to 2147483647 (2^31−1, about 24.8 days), or Infinity / null for no limit';

describe('McpToolset time limits', () => {
  describe.each([
    ['timeoutMs', (v: number) => ({ timeoutMs: v })],
    ['connectTimeoutMs', (v: number) => ({ connectTimeoutMs: v })],
    ['toolOptions.timeoutMs', (v: number) => ({ toolOptions: { timeoutMs: v } })],
  ])('%s', (key, options) => {
    it.each([[2 ** 31], [0], [-1], [1.5], [Number.NaN]])('refuses %p with a UserError naming the option and the range', (value) => {
      const build = make(options(value));
      expect(build).toThrow(UserError);
      expect(build).toThrow(`McpToolset "files": ${key} ${RANGE}; got ${value}`);
    });

    it.each([[1], [2 ** 31 - 1], [Infinity], [null]])('accepts %p', (value) => {
      expect(make(options(value as number))).not.toThrow();
    });
  });

  it('refuses a shutdownGraceMs a timer cannot wait out, or none', () => {
    for (const shutdownGraceMs of [2 ** 31, 0, 1.5, Infinity]) {
      expect(make({ transport: { ...stdio, shutdownGraceMs } })).toThrow(/transport\.shutdownGraceMs must be a positive integer number of milliseconds up to 2147483647/);
    }
  });

  describe('with timeoutMs: Infinity or null (no limit of the client\'s own)', () => {
    const dir = tempDir('tw-mcp-limits-');
    afterAll(() => dir.remove());

    it.each([[Infinity], [null]])('%p: a call taking 200 ms completes instead of timing out at once', async (timeoutMs) => {
      const toolset = new McpToolset({ name: 'fixture', transport: fixtureServer(join(dir.path, 'calls.jsonl')), timeoutMs, connectTimeoutMs: timeoutMs, onWarning: () => undefined });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'slow', arguments: { ms: 200 }, callId: 's' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [toolset] }), 'go');
      expect(outputText(result, 's')).not.toMatch(/timed out/);
      expect(outputText(result, 's')).toMatch(/^slept \d+ ms$/);
    });
  });
});
