import { request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';

/**
 * Starts a JSON request to the listening app with Node's own client, over a connection of its
 * own, for tests that need the socket: a client that disconnects mid-run.
 */
export function openRequest(app: INestApplication, method: string, path: string, headers: Record<string, string> = {}): ClientRequest {
  const { port } = app.getHttpServer().address() as AddressInfo;
  return request({ host: '127.0.0.1', port, method, path, agent: false, headers: { 'content-type': 'application/json', ...headers } });
}
