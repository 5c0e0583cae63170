import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { SessionResult } from '../scenarios/session-result';
import type { WorkerTask } from '../worker';

/** The line prefix a worker prints its result on (mirrors worker.ts, which must not be imported here). */
const RESULT_PREFIX = '@@RESULT ';

/** Options for one worker process. */
export interface WorkerOptions {
  /** Kill the worker after this many ms (it is then reported as failed). */
  timeoutMs: number;
  /** Write a V8 CPU profile of the worker into this directory (`node --cpu-prof`). */
  cpuProfileDir?: string;
  /** Extra environment variables for the worker. */
  env?: Record<string, string>;
}

/**
 * Runs `task` in a fresh `node --expose-gc` process and returns its result. A crash, a timeout
 * or a missing result line rejects with what happened and the tail of the worker's stderr.
 */
export function runWorker(task: WorkerTask, options: WorkerOptions): Promise<SessionResult> {
  const workerPath = path.join(__dirname, '..', 'worker.js');
  const args = ['--expose-gc'];
  if (options.cpuProfileDir) args.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  args.push(workerPath, JSON.stringify(task));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker ${describe(task)} timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (code === 0 && line) {
        resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as SessionResult);
        return;
      }
      const tail = stderr.trim().split('\n').slice(-8).join('\n');
      reject(new Error(`worker ${describe(task)} exited with code ${code}${line ? '' : ' and no result'}:\n${tail}`));
    });
  });
}

/** A short name of a task, for logs and errors. */
export function describe(task: WorkerTask): string {
  switch (task.kind) {
    case 'session':
      return `${task.scenario}[${task.adapters.join(',')}]`;
    case 'import':
      return `${task.format === 'esm' ? 'import-esm' : 'import'}[${task.adapter}]`;
    default:
      return `${task.kind}[${task.adapter}]`;
  }
}
