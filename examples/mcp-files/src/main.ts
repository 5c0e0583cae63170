#!/usr/bin/env node
import 'reflect-metadata';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent, Runner, type ApprovalRequest, type RunResult } from '@toolwright/core';
import { filesToolset } from './files-toolset';
import { createModel } from './model';

/**
 * Usage: node dist/main.js [folder] [--yes]
 *
 * Summarises the .txt notes of a folder into summary.md, with the tools of the official MCP
 * filesystem server. Without a folder, a temporary one with two notes is made. Writing is
 * destructive, so the write pauses for approval: --yes approves it, otherwise it is refused.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const approve = args.includes('--yes');
  const root = realpathSync(resolve(args.find((a) => !a.startsWith('--')) ?? sampleFolder()));
  const { model, description } = createModel(root);
  console.log(description);
  console.log(`Folder: ${root}`);
  const agent = new Agent({
    name: 'librarian',
    instructions: `You keep the notes in ${root} tidy. List the folder, read its .txt notes, and write a short summary to ${root}/summary.md.`,
    tools: [filesToolset(root)],
  });
  const runner = new Runner({ model, approvalHandler: (request) => decide(request, approve) });
  const result = await run(runner, agent, 'Summarise my notes.');
  console.log(`\nFinal answer:\n${String(result.finalOutput)}`);
}

/** Prints each call and its result as the run goes. */
async function run(runner: Runner, agent: Agent, input: string): Promise<RunResult> {
  const stream = runner.stream(agent, input);
  for await (const event of stream) {
    if (event.type === 'tool_called') console.log(`→ ${event.toolName}(${event.arguments})`);
    else if (event.type === 'tool_output') console.log(`✓ ${event.toolName}: ${event.result.text.split('\n')[0]}`);
  }
  return stream.result;
}

function decide(request: ApprovalRequest, approve: boolean): { approved: true } | { approved: false; message: string } {
  console.log(`⏸  ${request.toolName} needs approval (${JSON.stringify(request.arguments).slice(0, 120)}): ${approve ? 'approved (--yes)' : 'refused (run with --yes to allow it)'}`);
  return approve ? { approved: true } : { approved: false, message: 'The user did not allow writing files.' };
}

function sampleFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-mcp-files-'));
  writeFileSync(join(dir, 'groceries.txt'), 'Buy oat milk and coffee.\nMaybe bread.\n');
  writeFileSync(join(dir, 'ideas.txt'), 'Write the MCP chapter.\nThen the Nest one.\n');
  return dir;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
