import { request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';

/** A JSON answer of the app under test. */
export interface JsonResponse {
  status: number;
  body: Record<string, unknown>;
}

/** The port the app listens on (it must listen on 127.0.0.1:0). */
export function portOf(app: INestApplication): number {
  return (app.getHttpServer().address() as AddressInfo).port;
}

/** Sends a JSON request over a fresh connection (no keep-alive, so nothing stays open). */
export function send(app: INestApplication, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const req = open(app, method, path, headers);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Opens a request without sending it, for tests that disconnect mid-way. */
export function open(app: INestApplication, method: string, path: string, headers: Record<string, string> = {}): ClientRequest {
  return request({ host: '127.0.0.1', port: portOf(app), method, path, agent: false, headers: { 'content-type': 'application/json', ...headers } });
}
