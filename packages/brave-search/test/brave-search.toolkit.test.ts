import 'reflect-metadata';
import { Agent, RunCancelledError, Runner, ScriptedModel, ToolResult, toolsOf, type Tool } from '@toolwright/core';
import { BraveSearchToolkit, type BraveSearchDetails } from '../src';
import { fixture, json, startBraveServer, type BraveServer } from './support/brave-server';
import { runSearch } from './support/run-search';

describe('BraveSearchToolkit', () => {
  let server: BraveServer;
  beforeEach(async () => {
    server = await startBraveServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const toolkit = (options: ConstructorParameters<typeof BraveSearchToolkit>[0] = {}): BraveSearchToolkit =>
    new BraveSearchToolkit({ apiKey: 'test-token', endpoint: server.endpoint, ...options });

  describe('as the model sees it (Z-146)', () => {
    it('is one strict tool, brave_search { query }', () => {
      const tools: Tool[] = toolsOf(toolkit());
      expect(tools.map((t) => ({ name: t.name, description: t.description, strict: t.strict, parameters: t.parameters }))).toEqual([
        {
          name: 'brave_search',
          description: 'Search the web with the Brave Search API and return the top results (title, URL, description).',
          strict: true,
          parameters: {
            type: 'object',
            // The 400-character limit is enforced locally; how strict mode advertises it is core's business.
            properties: { query: expect.objectContaining({ type: 'string', description: expect.stringMatching(/^The web search query\./) }) },
            required: ['query'],
            additionalProperties: false,
          },
        },
      ]);
    });

    it('is annotated read-only and open-world', () => {
      const [tool] = toolsOf(toolkit());
      expect({ readOnly: tool!.readOnly, openWorld: tool!.openWorld }).toEqual({ readOnly: true, openWorld: true });
    });
  });

  describe('the request (Z-148, Z-149)', () => {
    it('is GET <endpoint>?q=…&count=… with Accept and X-Subscription-Token, and nothing the options leave unset', async () => {
      await runSearch(toolkit(), '  typescript decorators  ');
      expect(server.requests).toHaveLength(1);
      const [request] = server.requests;
      expect(request!.method).toBe('GET');
      expect(request!.path).toBe('/res/v1/web/search');
      expect(request!.query).toEqual({ q: 'typescript decorators', count: '5' });
      expect(request!.headers.accept).toBe('application/json');
      expect(request!.headers['x-subscription-token']).toBe('test-token');
    });

    it('carries count, country, search_lang, safesearch and freshness fixed by the options', async () => {
      await runSearch(toolkit({ count: 50, country: 'DE', searchLang: 'de', safeSearch: 'off', freshness: 'pw' }), 'Wetter & Klima?');
      expect(server.requests[0]!.query).toEqual({ q: 'Wetter & Klima?', count: '20', country: 'DE', search_lang: 'de', safesearch: 'off', freshness: 'pw' });
    });

    it('gives the model no way to set anything but the query', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'brave_search', arguments: { query: 'x', count: 20, country: 'ALL' } }] }, { text: 'done' }]);
      const agent = new Agent({ name: 'researcher', tools: [toolkit()] });
      const result = await new Runner({ model }).run(agent, 'Find something');
      const output = result.newItems.find((i) => i.type === 'function_call_output');
      expect(JSON.stringify(output)).toContain('count');
      expect(server.requests).toHaveLength(0);
    });

    it('refuses a query that is not a string before calling the API', async () => {
      const run = await runSearch(toolkit(), { toString: 'x' });
      expect(run.output).toContain('query');
      expect(server.requests).toHaveLength(0);
    });
  });

  describe('the output (Z-151)', () => {
    it('numbers each result with its title, URL and cleaned description', async () => {
      const run = await runSearch(toolkit(), 'typescript decorators');
      expect(run.output).toBe(
        [
          '1. Decorators - TypeScript Handbook',
          '   https://www.typescriptlang.org/docs/handbook/decorators.html',
          '   A Decorator is a special kind of declaration that can be attached to a class declaration, method, accessor, property, or parameter.',
          '2. Parameter decorators & metadata – a deep dive',
          '   https://blog.example.org/parameter-decorators',
          '   How reflect-metadata records "design:paramtypes" <and why> it loses generics.',
          '3. tc39/proposal-decorators',
          '   https://github.com/tc39/proposal-decorators',
        ].join('\n'),
      );
    });

    it('puts the structured results in details, with a table display hint for UIs', async () => {
      const result = await searchDirect(toolkit(), 'typescript decorators');
      expect(result.details as BraveSearchDetails).toEqual({
        query: 'typescript decorators',
        alteredQuery: 'typescript decorators tutorial',
        moreResultsAvailable: true,
        results: [
          {
            title: 'Decorators - TypeScript Handbook',
            url: 'https://www.typescriptlang.org/docs/handbook/decorators.html',
            description: expect.stringContaining('A Decorator is a special kind'),
            age: '3 weeks ago',
          },
          { title: 'Parameter decorators & metadata – a deep dive', url: 'https://blog.example.org/parameter-decorators', description: expect.any(String) },
          { title: 'tc39/proposal-decorators', url: 'https://github.com/tc39/proposal-decorators', description: '' },
        ],
      });
      expect(result.display).toBe('table');
      expect(result.summary).toBe('3 results');
    });

    it.each(['web-search-no-web.json', 'web-search-empty-results.json'])('says "No results found." for %s', async (name) => {
      server.respond(json(fixture(name)));
      expect((await runSearch(toolkit(), 'qwxzv plmokn')).output).toBe('No results found.');
    });

    it('keeps at most `count` results, skips malformed entries and bounds every field', async () => {
      const results = [
        null,
        'a string',
        { title: 42, url: 'https://x.example' },
        { title: 'no url' },
        ...Array.from({ length: 30 }, (_, i) => ({ title: `T${i} ${'t'.repeat(5_000)}`, url: `https://r${i}.example/${'u'.repeat(10_000)}`, description: 'd'.repeat(50_000) })),
      ];
      server.respond(json(JSON.stringify({ type: 'search', web: { type: 'search', results } })));
      const result = await searchDirect(toolkit({ count: 3 }), 'many');
      const details = result.details as BraveSearchDetails;
      expect(details.results).toHaveLength(3);
      expect(details.results[0]!.title).toHaveLength(300);
      expect(details.results[0]!.url).toHaveLength(2_048);
      expect(details.results[0]!.description).toHaveLength(1_000);
      expect(details.results[2]!.title.startsWith('T2 ')).toBe(true);
      expect(result.text.length).toBeLessThan(3 * (300 + 2_048 + 1_000 + 20));
    });
  });

  describe('errors, fed back to the model (Z-150)', () => {
    it('refuses a blank query without calling the API', async () => {
      const run = await runSearch(toolkit(), ' \n\t ');
      expect(run.output).toContain('query must not be empty');
      expect(server.requests).toHaveLength(0);
    });

    it('refuses a query longer than Brave accepts before calling the API', async () => {
      const run = await runSearch(toolkit(), 'q'.repeat(401));
      expect(run.output).toContain('query');
      expect(server.requests).toHaveLength(0);
    });

    it('names the status and quotes the body of a non-200 answer', async () => {
      server.respond(json(fixture('subscription-token-invalid.json'), 422));
      const run = await runSearch(toolkit(), 'anything');
      expect(run.output).toContain('bravesearch: API returned 422 Unprocessable Entity: {');
      expect(run.output).toContain('SUBSCRIPTION_TOKEN_INVALID');
    });

    it('trims a long error body to 1 KiB plus a marker', async () => {
      server.respond(json(`   ${'é'.repeat(3_000)}   `, 500));
      const run = await runSearch(toolkit(), 'anything');
      const quoted = run.output.slice(run.output.indexOf('500 Internal Server Error: ') + '500 Internal Server Error: '.length);
      expect(quoted).toBe(`${'é'.repeat(512)} [... truncated]`);
    });

    it('reports a 429 whose Retry-After does not fit in the call\'s time budget, after one request', async () => {
      server.respond(json(fixture('rate-limited.json'), 429, { 'retry-after': '3600' }));
      const run = await runSearch(toolkit(), 'anything');
      expect(run.output).toContain('429');
      expect(run.output).toContain('RATE_LIMITED');
      expect(server.requests).toHaveLength(1);
    });

    it('honours a 429\'s Retry-After once within the budget, then succeeds', async () => {
      server.respond((req, res, index) => (index === 0 ? json(fixture('rate-limited.json'), 429, { 'retry-after': '0' }) : json(fixture('web-search.json')))(req, res, index));
      const run = await runSearch(toolkit(), 'anything');
      expect(run.output.startsWith('1. Decorators - TypeScript Handbook')).toBe(true);
      expect(server.requests).toHaveLength(2);
    });

    it('retries a 429 only once, then reports it', async () => {
      const past = new Date(Date.now() - 60_000).toUTCString();
      server.respond(json(fixture('rate-limited.json'), 429, { 'retry-after': past }));
      const run = await runSearch(toolkit(), 'anything');
      expect(run.output).toContain('API returned 429 Too Many Requests');
      expect(server.requests).toHaveLength(2);
    });

    it('refuses a response body larger than 4 MiB without reading all of it', async () => {
      server.respond((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        let sent = 0;
        const pump = (): void => {
          while (sent < 64 && !res.destroyed) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      });
      const run = await runSearch(toolkit(), 'anything');
      expect(run.output).toContain('larger than 4 MiB');
    });

    it('reports an answer that is not JSON', async () => {
      server.respond((_req, res) => res.end('<html>maintenance</html>'));
      expect((await runSearch(toolkit(), 'anything')).output).toContain('bravesearch: decoding response');
    });

    it('refuses a redirect, so the token never reaches another host', async () => {
      const other = await startBraveServer();
      try {
        server.respond((_req, res) => {
          res.writeHead(302, { location: other.endpoint });
          res.end();
        });
        const run = await runSearch(toolkit(), 'anything');
        expect(run.output).toContain('bravesearch: request failed');
        expect(other.requests).toHaveLength(0);
      } finally {
        await other.close();
      }
    });

    it('gives up when no answer comes within timeoutMs', async () => {
      server.respond(() => undefined);
      const run = await runSearch(toolkit({ timeoutMs: 300 }), 'anything');
      expect(run.output).toContain('bravesearch: no answer within 300 ms');
    });

    it('reports a server that cannot be reached', async () => {
      const endpoint = server.endpoint;
      await server.close();
      const run = await runSearch(new BraveSearchToolkit({ apiKey: 'k', endpoint }), 'anything');
      expect(run.output).toContain('bravesearch: request failed');
      server = await startBraveServer();
    });
  });

  describe('cancellation', () => {
    it('aborts the request in flight when the run is cancelled', async () => {
      const controller = new AbortController();
      server.respond(() => controller.abort());
      await expect(runSearch(toolkit(), 'anything', { signal: controller.signal })).rejects.toBeInstanceOf(RunCancelledError);
      await waitFor(() => server.aborted === 1);
    });
  });
});

/** Calls the tool directly (as the runner does after validation) to see the whole ToolResult. */
async function searchDirect(kit: BraveSearchToolkit, query: string): Promise<ToolResult> {
  const [tool] = toolsOf(kit);
  const value = await tool!.invoke({ signal: new AbortController().signal } as never, { query });
  if (!(value instanceof ToolResult)) throw new Error('brave_search did not return a ToolResult');
  return value;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}
