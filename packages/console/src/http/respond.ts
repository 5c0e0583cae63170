import type { ServerResponse } from 'node:http';
import type { SafeHtml } from '../pages/html';

/** Sends a page. */
export function sendHtml(res: ServerResponse, status: number, page: SafeHtml): void {
  const body = Buffer.from(page.value, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Sends JSON. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Sends plain text. */
export function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  const body = Buffer.from(text, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Redirects after a post (303: the browser follows with a GET). */
export function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader('Location', location);
  res.end();
}
