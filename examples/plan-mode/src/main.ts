import 'reflect-metadata';
import { Agent, Runner, userMessage, type RunEvent } from '@toolwright/core';
import { createModel } from './model';
import { Workspace, WorkspaceTools } from './workspace-tools';

const USAGE = `Usage: node dist/main.js [--no-approve] [task]

Runs an agent twice on an in-memory workspace. First in plan mode: it may only read (list_files,
read_file); a call to delete_file or write_file is answered with a refusal naming submit_plan, and
the run ends with the plan it submits. Then, unless --no-approve, the plan is approved and a second
run, not in plan mode, carries it out.`;

function describe(event: RunEvent): string | undefined {
  if (event.type === 'tool_called') return `  → ${event.toolName}(${event.arguments})`;
  if (event.type === 'tool_output') return `  ← ${event.toolName}: ${event.result.text.split('\n')[0]}`;
  return undefined;
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const approve = !argv.includes('--no-approve');
  const task = argv.filter((a) => !a.startsWith('--')).join(' ') || 'Clean up the stale logs in this workspace.';
  const workspace = new Workspace(new Map([
    ['README.md', 'Service code. Logs older than a week can go.'],
    ['logs/old-1.log', 'x'.repeat(120)],
    ['logs/old-2.log', 'y'.repeat(80)],
    ['src/main.ts', 'console.log("hi")'],
  ]));
  const { model, description } = createModel();
  console.log(description);
  const agent = new Agent({
    name: 'janitor',
    instructions: 'You maintain a workspace. Investigate before you change anything.',
    tools: [new WorkspaceTools(workspace)],
  });
  const runner = new Runner({ model, maxTurns: 8 });

  console.log(`\nPlanning (plan mode): ${task}`);
  const planning = runner.stream(agent, task, { planMode: true });
  for await (const event of planning) {
    const line = describe(event);
    if (line) console.log(line);
  }
  const planned = await planning.result;
  console.log(`\nPlan:\n${String(planned.finalOutput)}`);
  console.log(`Files after planning: ${[...workspace.files.keys()].join(', ')}`);
  if (!approve) return;

  console.log('\nApproved. Carrying out the plan:');
  const doing = runner.stream(agent, [...planned.history, userMessage('The plan is approved. Carry it out now.')]);
  for await (const event of doing) {
    const line = describe(event);
    if (line) console.log(line);
  }
  const done = await doing.result;
  console.log(`\n${String(done.finalOutput)}`);
  console.log(`Files now: ${[...workspace.files.keys()].join(', ')}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
