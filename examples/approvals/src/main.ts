#!/usr/bin/env node
import 'reflect-metadata';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { Agent, RunState, Runner, type ApprovalRequest, type RunResult } from '@toolwright/core';
import { parseArgs, USAGE, type CliArgs } from './cli-args';
import { LineReader } from './line-reader';
import { createModel } from './model';
import { SupportTools } from './support-tools';

/** Signs the saved state so that an edited file is refused. Use your own secret in real use. */
const SECRET = process.env.TOOLWRIGHT_STATE_SECRET || 'toolwright-approvals-example-secret';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const { model, description } = createModel();
  console.log(description);
  const agent = new Agent({
    name: 'support',
    instructions: 'You are a customer-support agent. Look orders up before refunding them; refunds need approval.',
    tools: [new SupportTools()],
  });
  const runner = new Runner({ model });
  const reader = new LineReader();
  try {
    let input: string | RunState;
    if (args.resume) {
      if (!existsSync(args.stateFile)) throw new Error(`No saved run in ${args.stateFile}. Run without --resume first.`);
      const state = RunState.fromString(agent, readFileSync(args.stateFile, 'utf8'), { secret: SECRET });
      console.log(`Resuming the run saved in ${args.stateFile} (turn ${state.turn}).`);
      printPending(state.interruptions);
      if (!(await decide(state, args, reader))) return keepSaved(args);
      input = state;
    } else {
      console.log(`> ${args.prompt}`);
      input = args.prompt;
    }
    for (;;) {
      const result = await runStreamed(runner, agent, input);
      if (result.status === 'completed') {
        console.log(`\nFinal answer:\n${String(result.finalOutput)}`);
        rmSync(args.stateFile, { force: true });
        return;
      }
      printPending(result.interruptions);
      writeFileSync(args.stateFile, result.state.toString({ secret: SECRET }));
      console.log(`State saved to ${args.stateFile} (signed).`);
      if (!(await decide(result.state, args, reader))) return keepSaved(args);
      input = result.state;
    }
  } finally {
    reader.close();
  }
}

/** Runs (or resumes) with streaming, printing tool activity as it happens. */
async function runStreamed(runner: Runner, agent: Agent, input: string | RunState): Promise<RunResult> {
  const stream = runner.stream(agent, input);
  for await (const event of stream) {
    if (event.type === 'tool_called') console.log(`→ ${event.toolName}(${event.arguments})`);
    else if (event.type === 'tool_output') console.log(`✓ ${event.toolName}: ${event.result.text}`);
    else if (event.type === 'approval_required') console.log(`⏸  paused: ${event.interruptions.length} call(s) need approval`);
  }
  return stream.result;
}

function printPending(requests: readonly ApprovalRequest[]): void {
  console.log('Pending approval:');
  for (const r of requests) console.log(`  [${r.callId}] ${r.toolName} ${JSON.stringify(r.arguments)} (agent ${r.agent.name})`);
}

/** Records a decision for every pending call; false when the user chose to stop and keep the state. */
async function decide(state: RunState, args: CliArgs, reader: LineReader): Promise<boolean> {
  for (const r of state.interruptions) {
    if (args.decision) {
      if (args.decision.approve) state.approve(r.callId);
      else state.reject(r.callId, { message: args.decision.message });
      console.log(`${args.decision.approve ? 'Approved' : 'Rejected'} ${r.toolName} [${r.callId}] (from the command line).`);
      continue;
    }
    const answer = (await reader.ask(`Approve ${r.toolName} [${r.callId}]? [y]es / [n]o / [s]ave and quit: `))?.toLowerCase();
    if (answer === undefined || answer === 's' || answer === '') return false;
    if (answer === 'y' || answer === 'yes') {
      state.approve(r.callId);
    } else {
      const reason = await reader.ask('Reason to tell the model (optional): ');
      state.reject(r.callId, reason ? { message: `Not approved: ${reason}` } : {});
    }
  }
  return true;
}

function keepSaved(args: CliArgs): void {
  console.log(`Stopped. The paused run is saved in ${args.stateFile}; continue it with:`);
  console.log(`  node dist/main.js --resume --state ${args.stateFile} [--approve | --reject "why"]`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exitCode = 1;
});
