import type { IncomingMessage } from 'node:http';

/** Whether the request comes from this machine (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopback(req: IncomingMessage): boolean {
  const address = req.socket?.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
