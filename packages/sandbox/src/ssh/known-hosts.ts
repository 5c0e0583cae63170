import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The user's OpenSSH known-hosts file. */
export function defaultKnownHostsFile(): string {
  return join(homedir(), '.ssh', 'known_hosts');
}

/**
 * The keys an OpenSSH `known_hosts` file lists for `host` on `port` (plain or hashed names,
 * `[host]:port` for a port other than 22; `@revoked` and `@cert-authority` lines are skipped), as
 * base64 key blobs. Empty when the file or an entry is missing. @internal
 */
export function knownHostKeys(host: string, port: number, file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const name = port === 22 ? host : `[${host}]:${port}`;
  const keys: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('@')) continue;
    const [names, , blob] = trimmed.split(/\s+/);
    if (blob && names.split(',').some((entry) => entry === name || hashedMatch(entry, name))) keys.push(blob);
  }
  return keys;
}

/** `|1|salt|hash`: HMAC-SHA1 of the name keyed with the salt (OpenSSH's HashKnownHosts). */
function hashedMatch(entry: string, name: string): boolean {
  if (!entry.startsWith('|1|')) return false;
  const [, , salt, hash] = entry.split('|');
  if (!salt || !hash) return false;
  return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
}
