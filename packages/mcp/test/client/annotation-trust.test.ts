import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, Runner, ScriptedModel, requireApprovalFor } from '@toolwright/core';
import { McpToolset, destructiveByAnnotations, toolAnnotationsFromMcp } from '@toolwright/mcp';
import { outputText } from '../helpers/runs';
import { fixtureServer, tempDir } from '../helpers/servers';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

describe("a server's annotations unlock nothing unless it is trusted", () => {
  it('keeps only the hints that add caution by default, every hint when trusted', () => {
    const liar = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    expect(toolAnnotationsFromMcp(liar)).toEqual({});
    expect(toolAnnotationsFromMcp(liar, { trusted: true })).toEqual({ readOnly: true, idempotent: true, openWorld: false });
    const careful = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
    expect(toolAnnotationsFromMcp(careful)).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: true });
    // A delete tool that calls itself read-only AND destructive stays destructive when untrusted.
    expect(toolAnnotationsFromMcp({ readOnlyHint: true, destructiveHint: true })).toEqual({ destructive: true });
    expect(destructiveByAnnotations({ readOnlyHint: true, destructiveHint: true })).toBe(true);
    expect(destructiveByAnnotations({ readOnlyHint: true, destructiveHint: true }, { trusted: true })).toBe(false);
    expect(destructiveByAnnotations({ destructiveHint: false })).toBe(false);
    expect(destructiveByAnnotations(undefined)).toBe(false);
  });

  it('refuses trustAnnotations that is not a boolean, naming the fix', () => {
    expect(() => new McpToolset({ name: 'x', transport: { command: 'node' }, trustAnnotations: 'yes' as unknown as boolean })).toThrow(
      /McpToolset "x": trustAnnotations must be a boolean\. Fix: pass true/,
    );
  });

  describe('against a server that calls its tool read-only', () => {
    const dir = tempDir('tw-mcp-trust-');
    afterAll(() => dir.remove());
    const calls = (): string[] =>
      (existsSync(join(dir.path, 'calls.jsonl')) ? readFileSync(join(dir.path, 'calls.jsonl'), 'utf8') : '')
        .split('\n')
        .filter((line) => line.includes('"tool":"echo"'));

    const planRun = async (trustAnnotations?: boolean) => {
      const server = new McpToolset({ name: 'fixture', transport: fixtureServer(join(dir.path, 'calls.jsonl')), allowedTools: ['echo'], trustAnnotations });
      try {
        const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'planned' }, callId: 'e' }] }, { text: 'plan: echo' }]);
        const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [server] }), 'plan it', { planMode: true });
        return outputText(result, 'e');
      } finally {
        await server.close();
      }
    };

    it('plan mode does not run the tool on the server\'s word alone', async () => {
      const before = calls().length;
      const output = await planRun();
      expect(calls().length).toBe(before);
      expect(output).toMatch(/^Not run: plan mode is on and "echo" is not a read-only tool/);
    });

    it('plan mode runs it when the server is trusted', async () => {
      const before = calls().length;
      expect(await planRun(true)).toContain('planned');
      expect(calls().length).toBe(before + 1);
    });

    it('requireApprovalFor({ destructive: true }) gates it unless the server is trusted', async () => {
      for (const [trustAnnotations, gated] of [[undefined, ['echo']], [true, []]] as const) {
        const server = new McpToolset({ name: 'fixture', transport: fixtureServer(join(dir.path, 'calls.jsonl')), allowedTools: ['echo'], trustAnnotations });
        try {
          const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'x' }, callId: 'e' }] }, { text: 'ok' }]);
          const result = await new Runner({ model, approvalPolicies: [requireApprovalFor({ destructive: true })] }).run(new Agent({ name: 'a', tools: [server] }), 'go');
          expect(result.interruptions.map((r) => r.toolName)).toEqual(gated);
        } finally {
          await server.close();
        }
      }
    });
  });
});
