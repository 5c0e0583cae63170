/**
 * The store's Lua scripts. Each runs atomically on the server and reads the time from the
 * server's clock (`TIME`), so replicas with skewed clocks agree on leases. All keys of one run
 * share a hash tag (`{<id>}`), so the scripts work on Redis Cluster too. A missing run key means
 * the run never existed or expired (its TTL is native).
 *
 * Replies are arrays whose first element says what happened: `ok`, `missing`, or `held` followed
 * by the fields that explain who holds the run (status, token, claimedAt, leaseExpiresAt,
 * completedAt).
 */

const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
const HELD = `local function held(key)
  local v = redis.call('HMGET', key, 'status', 'token', 'claimedAt', 'leaseExpiresAt', 'completedAt')
  return {'held', v[1] or '', v[2] or '', v[3] or '', v[4] or '', v[5] or ''}
end`;
const EXPIRE_ALL = `local function expire_all(at)
  for i = 1, #KEYS do if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('PEXPIREAT', KEYS[i], at) end end
end`;

/** The scripts by command name, with the number of keys each takes. */
export const REDIS_SCRIPTS = {
  // KEYS: run. ARGV: revision, state, pending, interruptions, ttlMs.
  toolwrightRunSave: {
    numberOfKeys: 1,
    lua: `${NOW}
local exp = now + tonumber(ARGV[5])
redis.call('HSET', KEYS[1], 'status', 'paused', 'revision', ARGV[1], 'state', ARGV[2], 'pending', ARGV[3], 'interruptions', ARGV[4],
  'attempts', 0, 'createdAt', now, 'updatedAt', now, 'expiresAt', exp)
redis.call('PEXPIREAT', KEYS[1], exp)
return {'ok', now}`,
  },

  // KEYS: run, decisions, calls, outputs. ARGV: token, revision, state, pending, interruptions, status, ttlMs.
  toolwrightRunSaveClaimed: {
    numberOfKeys: 4,
    lua: `${NOW}
${HELD}
${EXPIRE_ALL}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'token')
if v[1] ~= 'claimed' or v[2] ~= ARGV[1] then return held(KEYS[1]) end
local exp = now + tonumber(ARGV[7])
redis.call('HSET', KEYS[1], 'revision', ARGV[2], 'state', ARGV[3], 'pending', ARGV[4], 'interruptions', ARGV[5], 'status', ARGV[6],
  'updatedAt', now, 'expiresAt', exp)
redis.call('DEL', KEYS[2])
if ARGV[6] == 'paused' then redis.call('HDEL', KEYS[1], 'token', 'claimedAt', 'leaseExpiresAt') end
expire_all(exp)
return {'ok', now}`,
  },

  // KEYS: run. ARGV: token, leaseMs.
  toolwrightRunClaim: {
    numberOfKeys: 1,
    lua: `${NOW}
${HELD}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'leaseExpiresAt')
if v[1] == 'completed' or (v[1] == 'claimed' and tonumber(v[2]) > now) then return held(KEYS[1]) end
local lease = now + tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'status', 'claimed', 'token', ARGV[1], 'claimedAt', now, 'leaseExpiresAt', lease, 'updatedAt', now)
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
return {'ok', now, lease, attempts}`,
  },

  // KEYS: run. ARGV: token, leaseMs.
  toolwrightRunRenew: {
    numberOfKeys: 1,
    lua: `${NOW}
${HELD}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'token')
if v[1] ~= 'claimed' or v[2] ~= ARGV[1] then return held(KEYS[1]) end
local lease = now + tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'leaseExpiresAt', lease, 'updatedAt', now)
return {'ok', now, lease}`,
  },

  // KEYS: run, decisions, calls, outputs. ARGV: token ('' for any holder), completedTtlMs.
  toolwrightRunComplete: {
    numberOfKeys: 4,
    lua: `${NOW}
${HELD}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'token')
if v[1] == 'completed' then return held(KEYS[1]) end
if ARGV[1] ~= '' and (v[1] ~= 'claimed' or v[2] ~= ARGV[1]) then return held(KEYS[1]) end
local exp = now + tonumber(ARGV[2])
redis.call('HDEL', KEYS[1], 'state', 'revision', 'pending', 'interruptions', 'token', 'claimedAt', 'leaseExpiresAt')
redis.call('HSET', KEYS[1], 'status', 'completed', 'completedAt', now, 'updatedAt', now, 'expiresAt', exp)
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('PEXPIREAT', KEYS[1], exp)
return {'ok', now}`,
  },

  // KEYS: run. ARGV: token ('' for any holder).
  toolwrightRunRelease: {
    numberOfKeys: 1,
    lua: `${NOW}
${HELD}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'token')
if v[1] ~= 'claimed' or (ARGV[1] ~= '' and v[2] ~= ARGV[1]) then return held(KEYS[1]) end
redis.call('HDEL', KEYS[1], 'token', 'claimedAt', 'leaseExpiresAt')
redis.call('HSET', KEYS[1], 'status', 'paused', 'updatedAt', now)
return {'ok', now}`,
  },

  // KEYS: run, decisions. ARGV: callId, signed decision, revision it was signed for.
  toolwrightRunDecide: {
    numberOfKeys: 2,
    lua: `${NOW}
${HELD}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'revision', 'pending', 'expiresAt')
if v[1] ~= 'paused' then return held(KEYS[1]) end
if v[2] ~= ARGV[3] then return {'changed'} end
local pending = cjson.decode(v[3])
local found = false
for _, id in ipairs(pending) do if id == ARGV[1] then found = true end end
if not found then return {'notpending', v[3]} end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIREAT', KEYS[2], tonumber(v[4]))
redis.call('HSET', KEYS[1], 'updatedAt', now)
return {'ok', now}`,
  },

  // KEYS: run, calls, outputs. ARGV: token, call key, tool name.
  toolwrightCallBegin: {
    numberOfKeys: 3,
    lua: `${NOW}
${HELD}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'token', 'expiresAt')
if v[1] ~= 'claimed' or v[2] ~= ARGV[1] then return held(KEYS[1]) end
local existing = redis.call('HGET', KEYS[2], ARGV[2])
if existing then return {'exists', existing, redis.call('HGET', KEYS[3], ARGV[2]) or ''} end
redis.call('HSET', KEYS[2], ARGV[2], cjson.encode({callId = ARGV[2], toolName = ARGV[3], status = 'started', attempts = 1, startedAt = now}))
redis.call('PEXPIREAT', KEYS[2], tonumber(v[3]))
return {'ok'}`,
  },

  // KEYS: run, calls, outputs. ARGV: token, call key.
  toolwrightCallRestart: {
    numberOfKeys: 3,
    lua: `${NOW}
${HELD}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local v = redis.call('HMGET', KEYS[1], 'status', 'token')
if v[1] ~= 'claimed' or v[2] ~= ARGV[1] then return held(KEYS[1]) end
local existing = redis.call('HGET', KEYS[2], ARGV[2])
if not existing then return {'nocall'} end
local entry = cjson.decode(existing)
entry.status = 'started'
entry.attempts = entry.attempts + 1
entry.startedAt = now
entry.finishedAt = nil
redis.call('HSET', KEYS[2], ARGV[2], cjson.encode(entry))
redis.call('HDEL', KEYS[3], ARGV[2])
return {'ok'}`,
  },

  // KEYS: run, calls, outputs. ARGV: call key, output (JSON text, stored as is).
  toolwrightCallFinish: {
    numberOfKeys: 3,
    lua: `${NOW}
local v = redis.call('HMGET', KEYS[1], 'status', 'expiresAt')
if not v[1] or v[1] == 'completed' then return {'gone'} end
local existing = redis.call('HGET', KEYS[2], ARGV[1])
if not existing then return {'gone'} end
local entry = cjson.decode(existing)
entry.status = 'finished'
entry.finishedAt = now
redis.call('HSET', KEYS[2], ARGV[1], cjson.encode(entry))
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
redis.call('PEXPIREAT', KEYS[3], tonumber(v[2]))
return {'ok'}`,
  },

  // KEYS: a run record's timeline. ARGV: the most events a timeline keeps, its TTL in ms, then the
  // events (JSON). Appends what fits under the cap, in one step (concurrent appends cannot pass
  // it), and sets the TTL until the record's next write sets the record's own; returns how many
  // were kept. RPUSH takes them 1,000 at a time (Lua's unpack has a bound).
  toolwrightEventsAppend: {
    numberOfKeys: 1,
    lua: `local n = math.min(tonumber(ARGV[1]) - redis.call('LLEN', KEYS[1]), #ARGV - 2)
if n <= 0 then return 0 end
for i = 3, n + 2, 1000 do redis.call('RPUSH', KEYS[1], unpack(ARGV, i, math.min(i + 999, n + 2))) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return n`,
  },
} as const;

/** The name of one of the store's scripts. */
export type RedisScriptName = keyof typeof REDIS_SCRIPTS;
