import type { ClientChannel } from 'ssh2';

/** How a remote command ended, as the server reported it. @internal */
export interface RemoteExit {
  /** The exit code; null when a signal ended the command. */
  code: number | null;
  /** The signal that ended it (`SIGKILL`), when one did. */
  signal?: string;
}

/**
 * An exec channel whose end is recorded from the moment it opened. ssh2 emits a channel's `exit`
 * once, while it parses what the server sent, and never again. A command that ends at once can
 * have its exit status arrive in the same read as the server's confirmation of the exec: ssh2
 * then emits `exit` before the code that awaited the channel resumes and listens, and the status
 * was lost (the command looked killed, `exitCode: null`). That happens whenever the client's event
 * loop is slower than the command: on a loaded machine, or for any command that ends quickly.
 * @internal
 */
export class RemoteCommand {
  private ended?: RemoteExit;
  private readonly waiting: Array<(exit: RemoteExit) => void> = [];

  /**
   * Call it in ssh2's exec callback, before anything awaits.
   * @param closed whether the channel's connection has closed (ssh2 emits the connection's
   * `close` before it closes the channels that were open on it).
   */
  constructor(
    readonly channel: ClientChannel,
    private readonly closed: () => boolean,
  ) {
    channel.once('exit', (code: unknown, signal: unknown) => {
      const exit: RemoteExit = { code: typeof code === 'number' ? code : null };
      if (typeof signal === 'string' && signal !== '') exit.signal = signal.startsWith('SIG') ? signal : `SIG${signal}`;
      this.ended = exit;
      for (const listener of this.waiting.splice(0)) listener(exit);
    });
  }

  /** How the command ended; undefined while it runs, and when the server never said. */
  get exit(): RemoteExit | undefined {
    return this.ended;
  }

  /** True when the channel closed with no end reported because its connection closed: the command may still run. */
  get connectionLost(): boolean {
    return this.ended === undefined && this.closed();
  }

  /** Calls `listener` once the command ends (at once when it already has). */
  onExit(listener: (exit: RemoteExit) => void): void {
    if (this.ended) listener(this.ended);
    else this.waiting.push(listener);
  }
}
