/**
 * The Lua scripts of `RedisSession`. Each runs atomically on the server, so the items of one
 * `addItems` are pushed together and never interleave with another replica's. A session is a
 * list (`KEYS[1]`) of entries `<tag><stored item>` — the tag `o` marks a function call output,
 * `i` any other item, so trimming can drop outputs whose calls fell off without decoding — and a
 * version counter (`KEYS[2]`) that every write increments (for the optimistic `compact`).
 */

const EXPIRE = `local function expire(ttl)
  if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl); redis.call('PEXPIRE', KEYS[2], ttl) end
end`;
const TRIM = `local function trim(max)
  if redis.call('LLEN', KEYS[1]) <= max then return end
  redis.call('LTRIM', KEYS[1], -max, -1)
  local head = redis.call('LINDEX', KEYS[1], 0)
  while head and string.sub(head, 1, 1) == 'o' do
    redis.call('LPOP', KEYS[1])
    head = redis.call('LINDEX', KEYS[1], 0)
  end
end`;

/** The scripts by command name, with the number of keys each takes. */
export const SESSION_SCRIPTS = {
  // KEYS: list, version. ARGV: maxItems, ttlMs, 'trim' | 'keep', entries... → { length, version }.
  toolwrightSessionAdd: {
    numberOfKeys: 2,
    lua: `${EXPIRE}
${TRIM}
for i = 4, #ARGV, 500 do
  redis.call('RPUSH', KEYS[1], unpack(ARGV, i, math.min(i + 499, #ARGV)))
end
local v = redis.call('INCR', KEYS[2])
if ARGV[3] == 'trim' then trim(tonumber(ARGV[1])) end
expire(tonumber(ARGV[2]))
return {redis.call('LLEN', KEYS[1]), v}`,
  },
  // KEYS: list, version. ARGV: expected version, maxItems, ttlMs, entries... → 1 replaced, 0 changed meanwhile.
  toolwrightSessionReplace: {
    numberOfKeys: 2,
    lua: `${EXPIRE}
${TRIM}
if tostring(redis.call('GET', KEYS[2])) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
for i = 4, #ARGV, 500 do
  redis.call('RPUSH', KEYS[1], unpack(ARGV, i, math.min(i + 499, #ARGV)))
end
redis.call('INCR', KEYS[2])
trim(tonumber(ARGV[2]))
expire(tonumber(ARGV[3]))
return 1`,
  },
  // KEYS: list, version. ARGV: maxItems, ttlMs. Trims to maxItems (a compact that kept losing races).
  toolwrightSessionTrim: {
    numberOfKeys: 2,
    lua: `${EXPIRE}
${TRIM}
redis.call('INCR', KEYS[2])
trim(tonumber(ARGV[1]))
expire(tonumber(ARGV[2]))
return 1`,
  },
  // KEYS: list, version. ARGV: ttlMs → the latest entry, removed.
  toolwrightSessionPop: {
    numberOfKeys: 2,
    lua: `${EXPIRE}
local last = redis.call('RPOP', KEYS[1])
if last then redis.call('INCR', KEYS[2]); expire(tonumber(ARGV[1])) end
return last`,
  },
  // KEYS: list, version. → { version, entries... } read together.
  toolwrightSessionRead: {
    numberOfKeys: 2,
    lua: `local out = {tostring(redis.call('GET', KEYS[2]))}
for _, e in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do out[#out + 1] = e end
return out`,
  },
} as const;

/** The name of a session script (a command on the client). */
export type SessionScriptName = keyof typeof SESSION_SCRIPTS;
