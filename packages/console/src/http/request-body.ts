import type { IncomingMessage } from 'node:http';

/** The most a form post may carry (edited arguments included). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A request body that is too large or not a form. */
export class BodyError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The fields of a form post (`application/x-www-form-urlencoded`) or a JSON object post, read up
 * to {@link MAX_BODY_BYTES}. A body already parsed by a framework (Express, Fastify) is used as is.
 */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const parsed = (req as { body?: unknown }).body;
  if (parsed !== undefined && parsed !== null && typeof parsed === 'object' && !Buffer.isBuffer(parsed)) return onlyStrings(parsed as Record<string, unknown>);
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const text = typeof parsed === 'string' ? parsed : Buffer.isBuffer(parsed) ? parsed.toString('utf8') : await readText(req);
  if (type === 'application/x-www-form-urlencoded' || type === '') return Object.fromEntries(new URLSearchParams(text));
  if (type === 'application/json') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BodyError(400, 'The body is not valid JSON.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BodyError(400, 'The body must be a JSON object.');
    return onlyStrings(value as Record<string, unknown>);
  }
  throw new BodyError(415, 'Send a form (application/x-www-form-urlencoded) or a JSON object.');
}

function onlyStrings(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of Object.keys(fields)) if (typeof fields[key] === 'string') out[key] = fields[key] as string;
  return out;
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyError(413, `The body is over ${MAX_BODY_BYTES} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
