import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in of Brave's Web Search endpoint, for running the example without a key. */
export interface SampleBraveServer {
  endpoint: string;
  close(): Promise<void>;
}

const SAMPLE_RESULTS = [
  {
    title: 'Announcing <strong>TypeScript</strong> 5.9',
    url: 'https://devblogs.microsoft.com/typescript/announcing-typescript-5-9/',
    description: 'Today we are excited to announce the release of <strong>TypeScript</strong> 5.9: <code>import defer</code>, a minimal <code>tsc --init</code> &amp; more.',
    age: '3 months ago',
  },
  {
    title: 'TypeScript: Documentation &#8211; TypeScript 5.9',
    url: 'https://www.typescriptlang.org/docs/handbook/release-notes/typescript-5-9.html',
    description: 'Release notes: support for <strong>import defer</strong>, <code>--module node20</code>, expandable hovers.',
  },
  {
    title: 'Releases · microsoft/TypeScript',
    url: 'https://github.com/microsoft/TypeScript/releases',
    description: 'TypeScript is a superset of JavaScript that compiles to clean JavaScript output.',
  },
];

/**
 * Starts the stand-in on a free loopback port. It answers every search with the same three
 * sample results in the shape Brave documents, after checking the request the way Brave does
 * (a query and a subscription token), so the toolkit's real HTTP path runs end to end.
 */
export async function startSampleBraveServer(token: string): Promise<SampleBraveServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-subscription-token'] !== token) {
      return send(422, { type: 'ErrorResponse', error: { status: 422, code: 'SUBSCRIPTION_TOKEN_INVALID', detail: 'The provided subscription token is invalid.' } });
    }
    const query = url.searchParams.get('q') ?? '';
    const count = Number(url.searchParams.get('count') ?? '20');
    send(200, {
      type: 'search',
      query: { original: query, more_results_available: false },
      web: { type: 'search', results: SAMPLE_RESULTS.slice(0, count), family_friendly: true },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/res/v1/web/search`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
