-- Toolwright run records: runs from their start with their event timeline (@toolwright/postgres).
CREATE TABLE IF NOT EXISTS "toolwright_runs_records" (
  id         text PRIMARY KEY,
  run_id     text,
  agent      text NOT NULL,
  status     text NOT NULL CHECK (status IN ('running', 'paused', 'completed', 'failed', 'stopped')),
  started_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  record     text NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS "toolwright_runs_records_run_id_idx" ON "toolwright_runs_records" (run_id) WHERE run_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS "toolwright_runs_records_newest_idx" ON "toolwright_runs_records" (started_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS "toolwright_runs_records_status_idx" ON "toolwright_runs_records" (status, started_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS "toolwright_runs_records_agent_idx" ON "toolwright_runs_records" (agent, started_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS "toolwright_runs_records_updated_idx" ON "toolwright_runs_records" (updated_at);
CREATE TABLE IF NOT EXISTS "toolwright_runs_events" (
  record_id text NOT NULL REFERENCES "toolwright_runs_records" (id) ON DELETE CASCADE,
  seq       integer NOT NULL,
  event     text NOT NULL,
  PRIMARY KEY (record_id, seq)
);
