import { Pool } from 'pg';
import { Agent, Runner, ScriptedModel, defineTool, type RunResult } from '@toolwright/core';
import { postgresRateLimiter } from '../src';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/testing';
import { describeCrossProcessLimits } from '../../../test-support/rate-limits/cross-process-limits';

describe('postgresRateLimiter', () => {
  let server: EmbeddedPostgres;
  let pool: Pool;

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    pool = new Pool({ connectionString: server.connectionString, max: 10 });
    pool.on('error', () => undefined);
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it('creates its table on first use (two limiters starting together do not collide) and counts there', async () => {
    const sent: string[] = [];
    const tool = defineTool({
      name: 'notify',
      description: 'Notify.',
      parameters: { type: 'object', properties: {} },
      rateLimit: { points: 1, durationMs: 60_000 },
      invoke: () => sent.push('x'),
    });
    const model = () => new ScriptedModel([{ toolCalls: [{ name: 'notify', arguments: {} }] }, { text: 'done' }]);
    const agent = new Agent({ name: 'n', tools: [tool] });
    const [a, b] = [postgresRateLimiter({ pool, table: 'app_limits' }), postgresRateLimiter({ pool, table: 'app_limits' })];
    const results: RunResult[] = await Promise.all([new Runner({ model: model(), rateLimiter: a }).run(agent, 'go'), new Runner({ model: model(), rateLimiter: b }).run(agent, 'go')]);
    expect(sent).toEqual(['x']);
    expect(results.map((r) => JSON.stringify(r.history)).filter((h) => h.includes('Rate limit reached for notify: 1 call per minute;'))).toHaveLength(1);
    // The store counts attempts: the refused one too (it is over the limit either way).
    const rows = await pool.query<{ key: string; points: number }>('SELECT key, points FROM app_limits');
    expect(rows.rows).toEqual([{ key: 'toolwright:rl:notify:1:60000:tool:*', points: 2 }]);
  });

  it('refuses a table name that is not a plain identifier, and options without a pool', () => {
    expect(() => postgresRateLimiter({ pool, table: 'limits; DROP TABLE x' })).toThrow(/is not a valid table name/);
    expect(() => postgresRateLimiter({})).toThrow(/pass a pg Pool \(\{ pool \}\) or a connection string/);
  });

  describe('shared by two processes', () => {
    describeCrossProcessLimits('postgres', () => server.connectionString);
  });
});
