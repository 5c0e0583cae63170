import { Agent, Runner, type Model, type RunResult } from '@toolwright/core';
import { ApplyPatchToolkit, BubblewrapSandbox, CodeToolkit, LocalSandbox, type Sandbox } from '@toolwright/sandbox';

/** Which sandbox runs the agent's commands. */
export type SandboxKind = 'local' | 'bwrap';

/** The instructions of the agent. */
export const INSTRUCTIONS = [
  'You are a careful software engineer working in a sandbox whose working directory holds a small Node.js project.',
  'A unit test fails. Run the tests with `node --test`, read the code with the shell,',
  'fix the code (not the test) with apply_patch, and run the tests again until they pass.',
  'Then reply with a short summary of the cause and the fix.',
].join(' ');

/** Makes the sandbox for a project directory. */
export function createSandbox(kind: SandboxKind, workDir: string): Sandbox {
  return kind === 'bwrap' ? new BubblewrapSandbox({ workDir }) : new LocalSandbox({ workDir });
}

/** Where the run's progress is written. */
export interface RunOutput {
  line(text: string): void;
}

/**
 * Runs the agent on the project in `sandbox` with `CodeToolkit` and `ApplyPatchToolkit` left on
 * `native: 'auto'`: a GPT-5.1-class model on the Responses API gets OpenAI's built-in `shell` and
 * `apply_patch` tools, any other model `exec_command` and the `apply_patch` function. Returns the
 * run's result and whether the tests pass afterwards (checked here, not taken from the model's word).
 */
export async function fixWithNativeTools(model: Model, sandbox: Sandbox, out: RunOutput): Promise<{ result: RunResult; passing: boolean }> {
  const agent = new Agent({
    name: 'fixer',
    instructions: INSTRUCTIONS,
    tools: [new CodeToolkit(sandbox, { deny: ['\\bgit\\s+push\\b', '\\bnpm\\s+publish\\b'] }), new ApplyPatchToolkit(sandbox)],
  });
  const stream = new Runner({ model, maxTurns: 20 }).stream(agent, 'The tests of this project fail. Fix the code so that they pass.');
  for await (const event of stream) {
    if (event.type === 'message' && event.item.type === 'message' && event.item.role === 'assistant') {
      const text = typeof event.item.content === 'string' ? event.item.content : event.item.content.map((p) => ('text' in p ? p.text : '')).join('');
      if (text.trim()) out.line(`🤖 ${text.trim()}`);
    } else if (event.type === 'tool_called') {
      out.line(`→ ${event.toolName} ${summariseArguments(event.arguments)}`);
    } else if (event.type === 'tool_progress') {
      for (const line of event.result.text.replace(/\n$/, '').split('\n')) out.line(`  │ ${line}`);
    } else if (event.type === 'tool_output') {
      out.line(`✓ ${event.toolName}: ${outcome(event.toolName, event.result.text, event.result.isError === true)}`);
      if (event.toolName === 'apply_patch' && event.result.details?.diff) {
        for (const line of String(event.result.details.diff).replace(/\n$/, '').split('\n')) out.line(`  ${line}`);
      }
    }
  }
  const result = await stream.result;
  const check = await sandbox.exec('node --test', { timeoutMs: 60_000 });
  return { result, passing: check.exitCode === 0 };
}

/** One line for a call's answer: the exit codes of a shell call, the first line otherwise. */
function outcome(toolName: string, text: string, isError: boolean): string {
  if (toolName === 'shell') {
    try {
      const outputs = JSON.parse(text) as Array<{ outcome: { type: string; exit_code?: number } }>;
      return outputs.map((o) => (o.outcome.type === 'exit' ? `exit code ${o.outcome.exit_code}` : 'timed out')).join(', ');
    } catch {
      // Not the shell tool's JSON (a refusal): shown as it came.
    }
  }
  return `${isError ? 'failed: ' : ''}${text.split('\n')[0]}`;
}

function summariseArguments(json: string): string {
  try {
    const args = JSON.parse(json) as Record<string, unknown>;
    if (Array.isArray(args.commands)) return args.commands.map((c) => `$ ${String(c)}`).join(' ; ');
    if (typeof args.cmd === 'string') return `$ ${args.cmd}`;
    if (typeof args.patch === 'string') return `(${args.patch.split('\n').length} lines)`;
  } catch {
    // Shown as it came.
  }
  return json;
}
