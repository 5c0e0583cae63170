import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, Runner, ScriptedModel, type RunContext } from '@toolwright/core';
import { McpCallError, McpConnectionError, McpToolset } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';
import { fixtureLog, fixtureServer, processAlive, tempDir } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const ctx = { context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext;

describe('McpToolset connections', () => {
  const dir = tempDir('tw-mcp-conn-');
  afterAll(() => dir.remove());

  describe('when the server dies during a call', () => {
    it('reports the call as failed without repeating it, then reconnects and lists the tools again', async () => {
      const logFile = join(dir.path, 'crash.jsonl');
      const toolset = new McpToolset({ name: 'crashy', transport: fixtureServer(logFile), cacheTools: true, blockedTools: ['bad_schema'] });
      let firstPid: number | undefined;
      const model = new ScriptedModel([
        () => {
          firstPid = toolset.pid;
          return { toolCalls: [{ name: 'crash', arguments: {}, callId: 'boom' }] };
        },
        { toolCalls: [{ name: 'whoami', arguments: {}, callId: 'who' }] },
        { text: 'ok' },
      ]);
      try {
        await toolset.connect();
        const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [toolset] }), 'go');
        expect(outputText(result, 'boom')).toMatch(
          /The MCP server "crashy" closed the connection during the call to "crash"\. The call may or may not have taken effect; it was not repeated\./,
        );
        expect(outputText(result, 'boom')).toMatch(/exit code 3/);
        const log = fixtureLog(logFile);
        expect(log.filter((e) => e.tool === 'crash')).toHaveLength(1);
        // A new server process answered, after a fresh tools/list.
        const secondPid = Number(outputText(result, 'who'));
        expect(secondPid).not.toBe(firstPid);
        expect(processAlive(firstPid!)).toBe(false);
        expect(log.filter((e) => e.list !== undefined)).toHaveLength(2);
        expect(log.findIndex((e) => e.list !== undefined && log.indexOf(e) > log.findIndex((x) => x.tool === 'crash'))).toBeLessThan(
          log.findIndex((e) => e.tool === 'whoami'),
        );
      } finally {
        await toolset.close();
      }
    });

    it('reconnects for a call made on a dead connection, and refuses a tool the new server no longer offers', async () => {
      const logFile = join(dir.path, 'dead.jsonl');
      const toolset = new McpToolset({ name: 'dead', transport: fixtureServer(logFile), blockedTools: ['bad_schema'] });
      try {
        const tools = await toolset.tools(ctx);
        const whoami = tools.find((t) => t.name === 'whoami')!;
        const extra = { ...ctx, callId: 'x', toolName: 'whoami', emit: () => undefined } as never;
        const before = toolset.pid!;
        await expect(tools.find((t) => t.name === 'crash')!.invoke(extra, {})).rejects.toBeInstanceOf(McpCallError);
        const after = await whoami.invoke(extra, {});
        expect(Number((after as { text: string }).text)).not.toBe(before);
        // extra_tool was listed by the first server only (after add_tool); the restarted one lacks it.
        await tools.find((t) => t.name === 'add_tool')!.invoke(extra, {});
        const extraTool = (await toolset.tools(ctx)).find((t) => t.name === 'extra_tool')!;
        await expect(tools.find((t) => t.name === 'crash')!.invoke(extra, {})).rejects.toBeInstanceOf(McpCallError);
        await expect(extraTool.invoke(extra, {})).rejects.toThrow(/no longer offers the tool "extra_tool".*The call was not sent/);
        expect(fixtureLog(logFile).filter((e) => e.tool === 'extra_tool')).toHaveLength(0);
      } finally {
        await toolset.close();
      }
    });
  });

  describe('when closing', () => {
    it('ends a server started through a wrapper, even one that ignores stdin closing and SIGTERM (no orphans)', async () => {
      const logFile = join(dir.path, 'stubborn.jsonl');
      const inner = fixtureServer(logFile, { FIXTURE_STUBBORN: '1' });
      const wrapped = new McpToolset({
        name: 'wrapped',
        // The shell runs the server as its child: the server is a grandchild of this process.
        transport: { command: 'sh', args: ['-c', `"${inner.command}" "${inner.args![0]}"; echo wrapper-done`], env: inner.env, shutdownGraceMs: 200 },
        allowedTools: ['whoami'],
      });
      await wrapped.connect();
      const shellPid = wrapped.pid!;
      const [whoami] = await wrapped.tools(ctx);
      const serverPid = Number(((await whoami!.invoke({ ...ctx, callId: 'w', emit: () => undefined } as never, {})) as { text: string }).text);
      expect(serverPid).not.toBe(shellPid);
      let left: boolean[];
      try {
        await wrapped.close();
        left = [processAlive(shellPid), processAlive(serverPid)];
      } finally {
        // Should the close leave the server behind, the test still must not.
        if (processAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
      }
      expect(left).toEqual([false, false]);
      expect(fixtureLog(logFile).some((e) => (e as { ignored?: string }).ignored === 'SIGTERM')).toBe(true);
    });
  });

  describe('when the server cannot be reached', () => {
    it('gives up after connectTimeoutMs when the program never answers initialize, and ends it', async () => {
      const pidFile = join(dir.path, 'silent.pid');
      const toolset = new McpToolset({
        name: 'silent',
        transport: { command: process.execPath, args: ['-e', 'require("fs").writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000)', pidFile] },
        connectTimeoutMs: 3000,
        maxRetryAttempts: 0,
      });
      const error = await toolset.connect().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpConnectionError);
      expect((error as Error).message).toMatch(/^MCP server "silent" \(stdio: .*node.* -e .*\) did not answer initialize within 3000 ms\./);
      expect(existsSync(pidFile)).toBe(true);
      expect(processAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
      await toolset.close();
    });

    it('names a missing program and how to fix it, without retrying', async () => {
      const toolset = new McpToolset({ name: 'missing', transport: { command: 'no-such-mcp-server-binary' }, retryBackoffMs: 10_000 });
      const error = await toolset.connect().catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/MCP server "missing" \(stdio: no-such-mcp-server-binary\) could not be connected: spawn no-such-mcp-server-binary ENOENT\./);
      expect((error as Error).message).toMatch(/Fix: check that "no-such-mcp-server-binary" is installed and on PATH/);
      expect((error as Error).message).not.toMatch(/attempts/);
    });

    it('retries a server that exits at start with growing waits, and quotes its stderr', async () => {
      const toolset = new McpToolset({
        name: 'flaky',
        transport: { command: process.execPath, args: ['-e', 'console.error("cannot open the database"); process.exit(2)'] },
        maxRetryAttempts: 2,
        retryBackoffMs: 10,
      });
      const error = await toolset.connect().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpConnectionError);
      expect((error as Error).message).toMatch(/\(3 attempts\)/);
      expect((error as Error).message).toMatch(/exit code 2/);
      expect((error as Error).message).toMatch(/cannot open the database/);
    });

    it('fails the run with the connection error when setup cannot connect', async () => {
      const toolset = new McpToolset({ name: 'gone', transport: { command: 'no-such-mcp-server-binary' } });
      const model = new ScriptedModel([{ text: 'never' }]);
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [toolset] }), 'go')).rejects.toBeInstanceOf(McpConnectionError);
    });
  });

  describe('when configured wrongly', () => {
    it.each([
      [{ name: '', transport: { command: 'x' } }, /non-empty `name`/],
      [{ name: 'x', transport: {} }, /transport needs a command or an http\(s\) url/],
      [{ name: 'x', transport: { url: 'ftp://host/mcp' } }, /transport needs a command or an http\(s\) url \(got "ftp:\/\/host\/mcp"\)/],
      [{ name: 'x', transport: { command: 'x' }, namePrefix: 'a b' }, /namePrefix "a b" is not allowed/],
      [{ name: 'x', transport: { command: 'x' }, timeoutMs: -1 }, /timeoutMs must be a positive integer number of milliseconds up to 2147483647 .*; got -1/],
      [{ name: 'x', transport: { command: 'x' }, requireApproval: 'yes' }, /requireApproval must be a boolean, an array of tool names or a function/],
      [{ name: 'x', transport: { command: 'x' }, toolOptions: { duplicates: 'sometimes' } }, /toolOptions are invalid: .*duplicates/],
    ])('refuses %j', (options, message) => {
      expect(() => new McpToolset(options as never)).toThrow(message);
    });
  });
});
