-- Toolwright run store: paused runs and the call ledger (@toolwright/postgres).
CREATE TABLE IF NOT EXISTS "toolwright_runs" (
  id               text PRIMARY KEY,
  status           text NOT NULL CHECK (status IN ('paused', 'claimed', 'completed')),
  revision         text,
  state            text,
  pending_call_ids text[] NOT NULL DEFAULT '{}',
  interruptions    text,
  decisions        jsonb NOT NULL DEFAULT '{}'::jsonb,
  claim_token      text,
  claimed_at       timestamptz,
  lease_expires_at timestamptz,
  completed_at     timestamptz,
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS "toolwright_runs_status_updated_idx" ON "toolwright_runs" (status, updated_at);
CREATE INDEX IF NOT EXISTS "toolwright_runs_expires_idx" ON "toolwright_runs" (expires_at);
CREATE TABLE IF NOT EXISTS "toolwright_runs_calls" (
  run_id      text NOT NULL REFERENCES "toolwright_runs" (id) ON DELETE CASCADE,
  call_id     text NOT NULL,
  tool_name   text NOT NULL,
  status      text NOT NULL CHECK (status IN ('started', 'finished')),
  attempts    integer NOT NULL DEFAULT 1,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  output      jsonb,
  PRIMARY KEY (run_id, call_id)
);
