import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { killGroup, groupAlive, trackChild, untrackChild } from './process-group';
import { DEFAULT_MAX_MESSAGE_BYTES } from './bounded-fetch';

/** How to start an MCP server as a child process speaking MCP over its stdin and stdout. */
export interface McpStdioTransportOptions {
  /** The program, e.g. `npx` or `process.execPath`. Run without a shell. */
  command: string;
  args?: string[];
  /**
   * Environment variables for the server, added to a minimal inherited set (HOME, LOGNAME, PATH,
   * SHELL, TERM, USER): the server does not see the rest of this process's environment (API keys
   * included) unless `inheritEnv` says so.
   */
  env?: Record<string, string>;
  /** `true` passes this process's whole environment; a list passes those variables too. */
  inheritEnv?: boolean | string[];
  cwd?: string;
  /**
   * What happens to the server's stderr: `capture` (default) keeps its last 4 KiB for error
   * messages, `inherit` writes it to this process's stderr, `ignore` drops it.
   */
  stderr?: 'capture' | 'inherit' | 'ignore';
  /** Largest message (one line) read from the server, in bytes (default 16 MiB); a longer one ends the connection. */
  maxMessageBytes?: number;
  /**
   * How long the server may take to exit after its stdin is closed, and again after SIGTERM,
   * before the next step of the shutdown (default 500 ms).
   */
  shutdownGraceMs?: number;
}

const STDERR_TAIL_CHARS = 4096;
/** How long a server may take to exit once its stdin is closed, and again after SIGTERM. */
const DEFAULT_EXIT_GRACE_MS = 500;

/**
 * The stdio client transport: spawns the server in its own process group, so `close()` ends the
 * server and anything it started (an `npx` wrapper's node process, a shell's children). Closing
 * follows the MCP lifecycle: close stdin, wait, SIGTERM, wait, SIGKILL; it resolves once no
 * process of the group is left. Servers still running when this process exits are killed.
 * @internal
 */
export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child?: ChildProcess;
  private readonly readBuffer: ReadBuffer;
  private stderrTail = '';
  private exited?: Promise<void>;
  private exitStatus?: string;

  constructor(private readonly options: McpStdioTransportOptions) {
    this.readBuffer = new ReadBuffer({ maxBufferSize: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES });
  }

  /** The server's process id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last 4 KiB the server wrote to stderr (with `stderr: 'capture'`). */
  get stderr(): string {
    return this.stderrTail;
  }

  /** How the server exited (`exit code 1`, `signal SIGKILL`), once it has. */
  get exit(): string | undefined {
    return this.exitStatus;
  }

  start(): Promise<void> {
    if (this.child) return Promise.reject(new Error('This stdio transport was already started.'));
    const { command, args = [], cwd } = this.options;
    return new Promise<void>((resolve, reject) => {
      const child = spawn(command, args, {
        cwd,
        env: this.environment(),
        stdio: ['pipe', 'pipe', this.options.stderr === 'inherit' ? 'inherit' : this.options.stderr === 'ignore' ? 'ignore' : 'pipe'],
        shell: false,
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      this.child = child;
      this.exited = new Promise<void>((done) => child.once('close', () => done()));
      child.once('error', (error) => {
        this.child = undefined;
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        trackChild(child);
        resolve();
      });
      child.once('close', (code, signal) => {
        untrackChild(child);
        this.exitStatus = signal ? `signal ${signal}` : `exit code ${String(code)}`;
        if (this.child === child) this.child = undefined;
        this.readBuffer.clear();
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return Promise.reject(new Error('Not connected: the MCP server process is not running.'));
    return new Promise<void>((resolve, reject) => {
      const written = stdin.write(serializeMessage(message), (error) => (error ? reject(error) : undefined));
      if (written) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /** Ends the server and every process of its group; resolves when they are gone. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    try {
      child.stdin?.end();
    } catch {
      // The pipe may already be broken; the signals below end the process either way.
    }
    const grace = this.options.shutdownGraceMs ?? DEFAULT_EXIT_GRACE_MS;
    if (!(await this.waitForExit(grace))) {
      killGroup(child, 'SIGTERM');
      if (!(await this.waitForExit(grace))) {
        killGroup(child, 'SIGKILL');
        await this.waitForExit(Math.max(grace, 2000));
      }
    }
    await sweepGroup(pid, grace);
  }

  private environment(): NodeJS.ProcessEnv {
    const { inheritEnv, env } = this.options;
    const base: NodeJS.ProcessEnv = inheritEnv === true ? { ...process.env } : getDefaultEnvironment();
    if (Array.isArray(inheritEnv)) for (const name of inheritEnv) if (process.env[name] !== undefined) base[name] = process.env[name];
    return { ...base, ...env };
  }

  private receive(chunk: Buffer): void {
    try {
      this.readBuffer.append(chunk);
    } catch (error) {
      // A message larger than the bound: the stream cannot be resynchronised, so it ends here.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        // One bad line (a stray console.log in the server) is reported and skipped.
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private async waitForExit(ms: number): Promise<boolean> {
    if (!this.exited) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([this.exited.then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Ends what is left of a process group whose leader has exited (children it left behind). */
async function sweepGroup(pid: number, grace: number): Promise<void> {
  if (process.platform === 'win32' || !groupAlive(pid)) return;
  killGroup(pid, 'SIGTERM');
  const deadline = Date.now() + grace;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
}
