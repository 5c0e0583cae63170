import { createHash } from 'node:crypto';

const MAX_NAME = 64;

/**
 * The names the model sees for a server's tools: `namePrefix` + the server's name, with
 * characters a model API refuses turned into `_` and names over 64 characters cut. Two server
 * names that would end up the same each get a short hash of their own name appended, so every
 * name stays unique and stable whatever order the server lists them in. @internal
 */
export function exposedNames(serverNames: readonly string[], prefix: string): Map<string, string> {
  const plain = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const name of serverNames) {
    const exposed = fit(`${prefix}${name}`.replace(/[^a-zA-Z0-9_-]/g, '_'), name);
    plain.set(name, exposed);
    counts.set(exposed, (counts.get(exposed) ?? 0) + 1);
  }
  const out = new Map<string, string>();
  for (const [name, exposed] of plain) {
    out.set(name, counts.get(exposed)! > 1 ? withHash(exposed, name) : exposed);
  }
  return out;
}

function fit(name: string, original: string): string {
  if (name.length === 0) return withHash('tool', original);
  return name.length <= MAX_NAME ? name : withHash(name, original);
}

function withHash(name: string, original: string): string {
  const hash = createHash('sha256').update(original).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}
