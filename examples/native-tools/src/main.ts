#!/usr/bin/env node
import 'reflect-metadata';
import { rmSync } from 'fs';
import { createScratchProject } from './scratch-project';
import { createSandbox, fixWithNativeTools, type SandboxKind } from './fix-with-native-tools';
import { createModel } from './model';

const USAGE = `Usage: node dist/main.js [--sandbox local|bwrap] [--keep]

Creates a scratch Node.js project whose unit test fails, and lets a model on OpenAI's built-in
shell and apply_patch tools fix it; Toolwright's sandbox toolkits execute the calls. Without
OPENAI_API_KEY the model is a scripted Responses API server on loopback.

  --sandbox local   run commands as child processes in the project directory (default; no isolation)
  --sandbox bwrap   run each command in a bubblewrap sandbox (Linux; apt-get install bubblewrap)
  --keep            keep the project directory afterwards (it is removed otherwise)`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const at = args.indexOf('--sandbox');
  const kind = (at >= 0 ? args[at + 1] : 'local') as SandboxKind;
  if (kind !== 'local' && kind !== 'bwrap') throw new Error(`--sandbox must be local or bwrap (got ${String(kind)}).\n\n${USAGE}`);
  const { model, description, close } = await createModel();
  console.log(description);
  const dir = createScratchProject();
  console.log(`Scratch project: ${dir} (sandbox: ${kind})`);
  const sandbox = createSandbox(kind, dir);
  try {
    const before = await sandbox.exec('node --test', { timeoutMs: 60_000 });
    console.log(`Before: the tests ${before.exitCode === 0 ? 'pass' : 'FAIL'} (exit code ${before.exitCode}).`);
    const { result, passing } = await fixWithNativeTools(model, sandbox, { line: (text) => console.log(text) });
    console.log(`\nFinal answer:\n${String(result.finalOutput)}`);
    console.log(`\nAfter: the tests ${passing ? 'pass' : 'still FAIL'}.`);
    if (!passing) process.exitCode = 1;
  } finally {
    await sandbox.close();
    await close();
    if (args.includes('--keep')) console.log(`Kept ${dir}.`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exitCode = 1;
});
