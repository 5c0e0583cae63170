import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ScenarioOutput, ScenarioRequest } from './client-gate';

/** What client-host-main.cjs answers about one scenario. */
type HostMessage = { id: number } & ({ out: string } | { err: string } | { done: true } | { error: string });

/**
 * The process that plays the client side of the scenarios (client-host-main.cjs, on the built packages),
 * one for a whole run of the suite: Toolwright loads once, not once per scenario.
 */
export class ClientHost {
  private readonly waiting = new Map<number, { out: ScenarioOutput; settle: (error?: Error) => void }>();
  private nextId = 0;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: HostMessage | { ready: true }) => {
      if (!('id' in message)) return;
      const scenario = this.waiting.get(message.id);
      if (!scenario) return;
      if ('out' in message) scenario.out.log(message.out);
      else if ('err' in message) scenario.out.warn(message.err);
      else {
        this.waiting.delete(message.id);
        scenario.settle('error' in message ? new Error(message.error) : undefined);
      }
    });
    child.once('exit', (code) => {
      for (const scenario of this.waiting.values()) scenario.settle(new Error(`the client host exited with code ${code} during the scenario`));
      this.waiting.clear();
    });
  }

  /** Forks the host and waits until it loaded Toolwright. */
  static start(): Promise<ClientHost> {
    const child = fork(join(__dirname, 'client-host-main.cjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(new ClientHost(child)));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the client host exited with code ${code} before it was ready (see its output above)`)));
    });
  }

  /** Plays one scenario; rejects (with the client's stack) when the client fails it. */
  play(request: ScenarioRequest, out: ScenarioOutput): Promise<void> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { out, settle: (error) => (error ? reject(error) : resolve()) });
      this.child.send({ id, ...request });
    });
  }

  /** Ends the host (a scenario still open, past its time, ends with it). */
  close(): void {
    if (this.child.connected) this.child.disconnect();
  }
}
