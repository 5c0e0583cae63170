import { Pool } from 'pg';
import { PostgresRunStore } from '../src';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/testing';
import { CONTRACT_SECRET } from '@toolwright/core/testing';
import { describeCrossProcessSuite } from '../../../test-support/run-stores/cross-process';

describe('PostgresRunStore shared by replicas in separate processes', () => {
  let server: EmbeddedPostgres;
  let pool: Pool;

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    pool = new Pool({ connectionString: server.connectionString, max: 10 });
    pool.on('error', () => undefined);
    await new PostgresRunStore({ pool, secret: CONTRACT_SECRET }).migrate();
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  describeCrossProcessSuite('postgres', () => ({
    url: server.connectionString,
    secret: CONTRACT_SECRET,
    store: () => new PostgresRunStore({ pool, secret: CONTRACT_SECRET }),
  }));
});
