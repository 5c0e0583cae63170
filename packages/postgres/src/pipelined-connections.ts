import { Client, type ClientConfig, type QueryConfig, type QueryResult } from 'pg';

/** One connection of the set, opened on first use and dropped when it breaks or idles. */
interface Slot {
  client: Client;
  /** Settles once the connection is open; queries wait for it only until then. */
  opened: Promise<void>;
  connected: boolean;
  /** Queries sent (or waiting for the connection) and not yet answered. */
  pending: number;
  /** `performance.now()` when `pending` last fell to 0. */
  idleSince: number;
  /** `performance.now()` of the last answer, or of the statement that made an idle connection busy. */
  progressAt: number;
  idleTimer: NodeJS.Timeout | undefined;
  /** Whether the socket is corked until the end of this tick (writes of one tick go out together). */
  corked: boolean;
}

/** Unanswered statements a connection takes before the next one goes to another connection. */
const MAX_DEPTH = 32;

/**
 * Milliseconds without an answer after which a busy connection is passed over (a statement
 * waiting for a lock, a long one, a backend the machine has not scheduled).
 */
const STALL_MS = 5;

/** How many connections and how long an idle one stays open. */
export interface PipelinedConnectionsOptions {
  /** Connections at most (each opened when the others are busy). */
  connections: number;
  /** Milliseconds an idle connection stays open (then it is closed, and reopened when needed). */
  idleTimeoutMs: number;
}

/**
 * A few connections of the store's own that its statements are pipelined over (pg's `pipeline`
 * mode): a statement is written at once, without waiting for the answers to the ones before it
 * on the connection, and the statements of one tick leave in one write. Each statement still
 * ends with its own Sync, so it runs as its own implicit transaction and fails alone.
 *
 * Why: through a pool, each statement of each concurrent operation goes to a backend that is
 * asleep, and waking it costs a context switch and a scheduler round on both sides. Pipelined,
 * a backend that is still busy finds the next statement already in its socket, so concurrent
 * operations share wakeups instead of paying one each (on a 2-core machine, 8 operations in
 * flight went from about 3 server context switches per operation to under 1).
 *
 * A statement goes to the first connection that is idle or answering (fewer than 32 unanswered
 * statements, the last answer under 5 ms ago), so that one busy backend takes the statements
 * while it keeps up: a second backend woken for every other statement would bring back the
 * wakeups pipelining saves. A connection that stalls (a lock wait, a long statement) is passed
 * over; the next one is opened when every open one is stalled or full. A connection that breaks
 * fails the statements it carries, as a pool's would, and is replaced on the next statement.
 * @internal
 */
export class PipelinedConnections {
  private readonly slots: Array<Slot | undefined>;
  private ended = false;

  constructor(private readonly config: ClientConfig, private readonly options: PipelinedConnectionsOptions) {
    this.slots = new Array<Slot | undefined>(Math.max(1, Math.floor(options.connections))).fill(undefined);
  }

  /** Sends a statement on the least busy connection, opening one if every open one is busy. */
  query(statement: QueryConfig | string, values?: unknown[]): Promise<QueryResult> {
    if (this.ended) return Promise.reject(new Error('The run store is closed.'));
    const slot = this.pick();
    slot.pending++;
    const sent = slot.connected ? this.send(slot, statement, values) : slot.opened.then(() => this.send(slot, statement, values));
    return sent.then(
      (result) => {
        this.settled(slot);
        return result;
      },
      (error: unknown) => {
        this.settled(slot);
        // A statement's own error (severity ERROR) leaves the connection usable; anything else
        // (the server ending the session, a broken socket) retires it before the next statement.
        if ((error as { severity?: unknown } | null)?.severity !== 'ERROR') this.retire(slot);
        throw error;
      },
    );
  }

  /** Closes every connection once the statements it carries are answered. */
  async end(): Promise<void> {
    this.ended = true;
    const open = this.slots.filter((s): s is Slot => s !== undefined);
    this.slots.fill(undefined);
    await Promise.all(open.map((slot) => this.close(slot)));
  }

  private pick(): Slot {
    const now = performance.now();
    let empty = -1;
    let leastBusy: Slot | undefined;
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i];
      if (slot === undefined) {
        if (empty < 0) empty = i;
        continue;
      }
      if (slot.pending === 0 || (slot.pending < MAX_DEPTH && now - slot.progressAt < STALL_MS)) {
        if (slot.pending === 0) slot.progressAt = now;
        return slot;
      }
      if (leastBusy === undefined || slot.pending < leastBusy.pending) leastBusy = slot;
    }
    if (empty >= 0) return this.open(empty, now);
    return leastBusy!;
  }

  private send(slot: Slot, statement: QueryConfig | string, values: unknown[] | undefined): Promise<QueryResult> {
    // Corked until the end of the tick: the statements of concurrent operations made in one
    // tick leave in one write (pg uncorks after each statement, inside this cork).
    const stream = (slot.client as unknown as { connection?: { stream?: NodeJS.WritableStream & { cork?(): void; uncork?(): void } } }).connection?.stream;
    if (!slot.corked && typeof stream?.cork === 'function' && typeof stream.uncork === 'function') {
      slot.corked = true;
      stream.cork();
      process.nextTick(() => {
        slot.corked = false;
        stream.uncork!();
      });
    }
    return slot.client.query(statement as QueryConfig, values);
  }

  private open(index: number, now: number): Slot {
    const client = new Client({ ...this.config, pipeline: true });
    const slot: Slot = { client, opened: Promise.resolve(), connected: false, pending: 0, idleSince: 0, progressAt: now, idleTimer: undefined, corked: false };
    const drop = (): void => this.retire(slot);
    // A connection the server drops (a restart, a failover) fails what it carries and is
    // replaced on the next statement; without a listener its error would crash the process.
    client.on('error', drop);
    client.on('end', drop);
    slot.opened = client.connect().then(
      () => {
        slot.connected = true;
      },
      (error: unknown) => {
        drop();
        throw error;
      },
    );
    // Unhandled only if no statement waits for it (impossible: it is opened for one).
    slot.opened.catch(() => undefined);
    this.slots[index] = slot;
    return slot;
  }

  /** Takes a connection out of use (the next statement opens another) and closes it once it has answered what it carries. */
  private retire(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots[index] = undefined;
    void this.close(slot);
  }

  private settled(slot: Slot): void {
    const now = performance.now();
    slot.progressAt = now;
    if (--slot.pending > 0) return;
    slot.idleSince = now;
    if (slot.idleTimer === undefined && this.slots.includes(slot)) this.scheduleIdleCheck(slot, this.options.idleTimeoutMs);
  }

  /** Closes the connection once it has been idle for the idle timeout (one timer, not one per statement). */
  private scheduleIdleCheck(slot: Slot, delayMs: number): void {
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined;
      if (slot.pending > 0) return;
      const idleFor = performance.now() - slot.idleSince;
      if (idleFor < this.options.idleTimeoutMs) return this.scheduleIdleCheck(slot, this.options.idleTimeoutMs - idleFor);
      this.retire(slot);
    }, delayMs);
  }

  private async close(slot: Slot): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    // A connection that never opened has nothing to close.
    if (!(await slot.opened.then(() => true, () => false))) return;
    await slot.client.end().catch(() => undefined);
  }
}
