import { spawn } from 'child_process';

/** What a finished CLI process printed and how it exited. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <main> ...args` in `cwd` without `OPENAI_API_KEY` (examples then use their scripted
 * model), writing `stdin` (then closing it) when given, and rejects with what it printed when it
 * has not finished within `timeoutMs`.
 */
export function runCli(main: string, args: string[], options: { cwd: string; timeoutMs: number; stdin?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.OPENAI_API_KEY;
    const child = spawn(process.execPath, [main, ...args], { cwd: options.cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the CLI did not finish within ${options.timeoutMs / 1000} s:\n${stdout}\n${stderr}`));
    }, options.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
  });
}
