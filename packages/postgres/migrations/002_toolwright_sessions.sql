-- Toolwright sessions: conversations kept across runs (@toolwright/postgres).
CREATE TABLE IF NOT EXISTS "toolwright_sessions" (
  id         text PRIMARY KEY,
  next_seq   bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS "toolwright_sessions_items" (
  session_id text NOT NULL REFERENCES "toolwright_sessions" (id) ON DELETE CASCADE,
  seq        bigint NOT NULL,
  item_type  text NOT NULL,
  item       text NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE INDEX IF NOT EXISTS "toolwright_sessions_updated_idx" ON "toolwright_sessions" (updated_at);
