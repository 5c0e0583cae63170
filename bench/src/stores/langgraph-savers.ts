/**
 * The store people would pick instead of a RunStore: LangGraph's checkpoint savers
 * (`@langchain/langgraph-checkpoint-postgres`, `@langchain/langgraph-checkpoint-redis`), driven
 * the way a LangGraph graph drives them around an interrupt, against the same servers as the run
 * stores, with a checkpoint that carries the same stored run (the same bytes).
 *
 * One operation = `put` of the paused checkpoint (the pause) + `getTuple` of the thread's latest
 * checkpoint with its pending writes (the resume reads it) + `putWrites` of the resumed node's
 * output + `put` of the next checkpoint (the resume ends). LangGraph has no claim: two resumes
 * of one thread both run, so the savers do less than a RunStore for the same operation.
 */
import { randomUUID } from 'node:crypto';

/** The part of a checkpoint saver the operation uses (both savers implement it). */
export interface CheckpointSaverLike {
  put(config: object, checkpoint: object, metadata: object, newVersions: object): Promise<object>;
  putWrites(config: object, writes: Array<[string, unknown]>, taskId: string): Promise<void>;
  getTuple(config: object): Promise<{ checkpoint: { id: string } } | undefined>;
}

/** A checkpoint shaped as LangGraph writes one (format 4), holding `payload` as its state channel. */
function checkpoint(payload: string, step: number): { id: string; [key: string]: unknown } {
  return {
    v: 4,
    id: uuid6Like(step),
    ts: new Date().toISOString(),
    channel_values: { run: payload },
    channel_versions: { run: step + 1 },
    versions_seen: { __input__: {} },
  };
}

/**
 * A time-ordered id as LangGraph's `uuid6` makes them (the savers order checkpoints by id): the
 * step in the leading digits keeps a thread's checkpoints in order.
 */
function uuid6Like(step: number): string {
  const head = (Date.now() * 16 + step).toString(16).padStart(12, '0').slice(-12);
  const rest = randomUUID().replace(/-/g, '').slice(12);
  return `${head.slice(0, 8)}-${head.slice(8, 12)}-6${rest.slice(1, 4)}-${rest.slice(4, 8)}-${rest.slice(8, 20)}`;
}

/** One pause and resume of a thread through a checkpoint saver. */
export async function checkpointOperation(saver: CheckpointSaverLike, payload: string): Promise<void> {
  const thread = { configurable: { thread_id: randomUUID(), checkpoint_ns: '' } };
  const paused = checkpoint(payload, 1);
  const saved = await saver.put(thread, paused, { source: 'loop', step: 1, parents: {} }, { run: 2 });
  const tuple = await saver.getTuple(thread);
  if (tuple?.checkpoint.id !== paused.id) throw new Error('the checkpoint saver did not return the checkpoint just written');
  await saver.putWrites(saved, [['run', 'approved']], randomUUID());
  await saver.put(saved, checkpoint(payload, 2), { source: 'loop', step: 2, parents: {} }, { run: 3 });
}
