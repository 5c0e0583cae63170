import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError, type Tool } from '@toolwright/core';
import { CodeToolkit, LocalSandbox } from '@toolwright/sandbox';
import { outputs, runCalls } from './support';

describe('CodeToolkit', () => {
  let dir: string;
  let sandbox: LocalSandbox;
  beforeAll(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-code-')));
    sandbox = new LocalSandbox({ workDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('offers exec_command with a strict schema, marked destructive and not read-only', () => {
    const [tool] = new CodeToolkit(sandbox).tools() as Tool[];
    expect(tool).toMatchObject({ name: 'exec_command', readOnly: false, destructive: true, strict: true, needsApproval: false });
    expect(tool.description).toMatch(/^Execute a shell command in a sandboxed environment/);
    const schema = tool.parameters as { properties: Record<string, { type?: unknown; anyOf?: unknown }>; required: string[]; additionalProperties: boolean };
    expect(schema.required).toEqual(['cmd', 'timeout_seconds', 'workdir']);
    expect(schema.additionalProperties).toBe(false);
    // Optional parameters are nullable in strict mode; timeout_seconds is a whole number.
    expect(JSON.stringify(schema.properties.cmd)).not.toContain('null');
    expect(JSON.stringify(schema.properties.timeout_seconds)).toMatch(/"integer"[\s\S]*"null"/);
    expect(JSON.stringify(schema.properties.workdir)).toMatch(/"string"[\s\S]*"null"/);
  });

  it('streams whole lines as tool_progress and answers with the exit code, stdout and stderr', async () => {
    const { events } = await runCalls([new CodeToolkit(sandbox)], [
      { name: 'exec_command', arguments: { cmd: 'printf "one\\ntw"; sleep 0.3; echo o; echo err >&2; exit 3', timeout_seconds: null, workdir: null } },
    ]);
    const progress = events.filter((e) => e.type === 'tool_progress').map((e) => (e.type === 'tool_progress' ? [e.result.details?.stream, e.result.text] : []));
    expect(progress).toEqual(expect.arrayContaining([['stdout', 'one\n'], ['stdout', 'two\n'], ['stderr', 'err\n']]));
    const output = outputs(events).call_1;
    expect(output.text).toBe('exit_code: 3\nstdout:\none\ntwo\n\nstderr:\nerr\n\n');
    expect(output.display).toBe('terminal');
    expect(output.details).toMatchObject({ command: expect.stringContaining('printf'), exit_code: 3, timed_out: false });
  });

  it('kills a command at its timeout_seconds and says so', async () => {
    const { events } = await runCalls([new CodeToolkit(sandbox)], [{ name: 'exec_command', arguments: { cmd: 'echo begun; sleep 30', timeout_seconds: 1, workdir: null } }]);
    expect(outputs(events).call_1.text).toBe('[timed out]\nexit_code: none (killed by SIGKILL)\nstdout:\nbegun\n\n');
  });

  it('runs in a workdir inside the working directory, and refuses one outside', async () => {
    await sandbox.writeFile('sub/here.txt', 'x');
    const { events } = await runCalls([new CodeToolkit(sandbox)], [
      { name: 'exec_command', arguments: { cmd: 'ls', timeout_seconds: 0, workdir: 'sub' } },
      { name: 'exec_command', arguments: { cmd: 'ls', timeout_seconds: 0, workdir: '../..' } },
    ]);
    expect(outputs(events).call_1.text).toBe('exit_code: 0\nstdout:\nhere.txt\n\n');
    expect(outputs(events).call_2).toMatchObject({ isError: true, text: expect.stringMatching(/^workdir "\.\.\/\.\.": "\.\.\/\.\." is outside the working directory/) });
    expect(outputs(events).call_2.text).not.toContain(dir);
  });

  it('shows the head and the tail of a long output', async () => {
    const toolkit = new CodeToolkit(sandbox, { maxOutputBytes: 200 });
    const result = await toolkit.execCommand('echo START; seq 1 5000; echo END');
    expect(result.text).toMatch(/^exit_code: 0\nstdout:\nSTART\n1\n2\n[\s\S]*\n…\[\d+ of 23903 bytes elided\]\n[\s\S]*4999\n5000\nEND\n\n$/);
  });

  describe('command policy', () => {
    it('answers a refused command with the refusal, deny winning over allow', async () => {
      const toolkit = new CodeToolkit(sandbox, { allow: ['^echo ', '^rm '], deny: [/\brm\s+-rf\b/] });
      const refused = await toolkit.execCommand('  rm -rf /  ');
      expect(refused.text).toBe('command refused by policy (denied by pattern "\\brm\\s+-rf\\b"): rm -rf /');
      expect(refused.details).toEqual({ command: '  rm -rf /  ', refused: true });
      expect((await toolkit.execCommand('ls')).text).toBe('command refused by policy (no allow pattern matches): ls');
      expect((await toolkit.execCommand('echo fine')).text).toBe('exit_code: 0\nstdout:\nfine\n\n');
    });

    it('does not ask a person about commands it will refuse', async () => {
      const toolkit = new CodeToolkit(sandbox, { deny: ['^rm '], needsApproval: true });
      const refusedOnly = await runCalls([toolkit], [{ name: 'exec_command', arguments: { cmd: 'rm x', timeout_seconds: null, workdir: null } }]);
      expect(refusedOnly.result.status).toBe('completed');
      expect(outputs(refusedOnly.events).call_1.text).toMatch(/^command refused by policy/);
      const allowed = await runCalls([toolkit], [{ name: 'exec_command', arguments: { cmd: 'echo hi', timeout_seconds: null, workdir: null } }]);
      expect(allowed.result.status).toBe('interrupted');
      expect(allowed.result.interruptions.map((i) => i.toolName)).toEqual(['exec_command']);
    });

    it('passes the command to an approval predicate', async () => {
      const asked: string[] = [];
      const toolkit = new CodeToolkit(sandbox, { needsApproval: (cmd) => (asked.push(cmd), cmd.startsWith('git push')) });
      expect(await toolkit.commandNeedsApproval('git push origin')).toBe(true);
      expect(await toolkit.commandNeedsApproval('git status')).toBe(false);
      expect(asked).toEqual(['git push origin', 'git status']);
    });

    it('refuses a pattern that is not a regular expression when it is built', () => {
      expect(() => new CodeToolkit(sandbox, { deny: ['(unclosed'] })).toThrow(UserError);
      expect(() => new CodeToolkit(sandbox, { deny: ['(unclosed'] })).toThrow(/the deny pattern "\(unclosed" is not a valid regular expression/);
    });
  });
});
