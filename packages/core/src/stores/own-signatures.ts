/**
 * The texts this process signed at its latest saves, so that reading one of them back (a claim
 * and load right after a save, as a worker resuming a run it just paused does) skips checking a
 * signature this process made itself. A text is taken as this process's own only when it is
 * exactly the text signed here for that run and revision with that secret; anything else — a
 * changed byte, a value moved from another run, another secret — is verified as always.
 *
 * Bounded in entries and in characters; an entry is used once (a second read of the same save
 * verifies). @internal
 */
const MAX_ENTRIES = 128;
const MAX_CHARS = 8 * 1024 * 1024;

interface OwnSignature {
  secret: string;
  signed: string;
  payload: string;
}

const recent = new Map<string, OwnSignature>();
let heldChars = 0;

/** Remembers a text signed by this process for one run and revision. @internal */
export function rememberOwnSignature(runId: string, revision: string, entry: OwnSignature): void {
  const size = entry.signed.length + entry.payload.length;
  if (size > MAX_CHARS / 4) return;
  const key = keyOf(runId, revision);
  drop(key);
  while (recent.size >= MAX_ENTRIES || (recent.size > 0 && heldChars + size > MAX_CHARS)) drop(recent.keys().next().value!);
  recent.set(key, entry);
  heldChars += size;
}

/**
 * The payload of `signed` when it is exactly a text this process signed for that run and
 * revision with `secret` (the entry is used up); otherwise `undefined`, and the caller verifies.
 * @internal
 */
export function takeOwnPayload(secret: string, runId: string, revision: string, signed: string): string | undefined {
  const key = keyOf(runId, revision);
  const entry = recent.get(key);
  if (entry === undefined) return undefined;
  drop(key);
  return entry.secret === secret && entry.signed === signed ? entry.payload : undefined;
}

function keyOf(runId: string, revision: string): string {
  return `${runId}\n${revision}`;
}

function drop(key: string): void {
  const entry = recent.get(key);
  if (entry === undefined) return;
  recent.delete(key);
  heldChars -= entry.signed.length + entry.payload.length;
}
