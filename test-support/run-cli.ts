import { spawn } from 'child_process';

/** What a finished CLI process printed and how it exited. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The variables that make an example run on a real model (OpenAI's, or another provider's through the AI SDK). */
const MODEL_KEYS = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'MISTRAL_API_KEY', 'GROQ_API_KEY', 'AZURE_API_KEY', 'BEDROCK_MODEL', 'TOOLWRIGHT_PROVIDER'];

/**
 * Runs `node <main> ...args` in `cwd` without the model keys (examples then use their scripted
 * model), writing `stdin` (then closing it) when given, and rejects with what it printed when it
 * has not finished within `timeoutMs`.
 */
export function runCli(main: string, args: string[], options: { cwd: string; timeoutMs: number; stdin?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    for (const key of MODEL_KEYS) delete env[key];
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
