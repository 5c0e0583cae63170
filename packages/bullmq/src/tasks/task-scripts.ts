/**
 * Lua scripts on a run's background tasks (KEYS[1]: the tasks hash, KEYS[2]: the run's hash,
 * KEYS[3]: the counters). A task is JSON `{ status: 'pending' | 'done' | 'delivered', ... }`. @internal
 */

/**
 * The run ended its turn: when it has tasks not yet delivered, it waits for them (status
 * `waiting`, `awaiting` set, ARGV[2] its result) and the script returns 1; else 0.
 */
export const AWAIT_TASKS_SCRIPT = `
local tasks = redis.call('HVALS', KEYS[1])
local open = false
for _, t in ipairs(tasks) do
  local status = cjson.decode(t).status
  if status == 'pending' or status == 'done' then open = true end
end
if not open then return 0 end
local old = redis.call('HGET', KEYS[2], 'status')
if old == 'completed' or old == 'failed' or old == 'cancelled' then return 0 end
if old == 'paused' then redis.call('HINCRBY', KEYS[3], 'paused', -1) end
redis.call('HSET', KEYS[2], 'status', 'waiting', 'awaiting', '1', 'updatedAt', ARGV[1], 'result', ARGV[2])
return 1
`;

/**
 * Delivers when the run waits and none of its tasks is pending: marks the done ones delivered,
 * takes the run back to `queued`, and returns { job number, task JSON... }; else {}.
 */
export const DELIVER_SCRIPT = `
if redis.call('HGET', KEYS[2], 'awaiting') ~= '1' or redis.call('HGET', KEYS[2], 'status') ~= 'waiting' then return {} end
local all = redis.call('HGETALL', KEYS[1])
local done = {}
for i = 1, #all, 2 do
  local task = cjson.decode(all[i + 1])
  if task.status == 'pending' then return {} end
  if task.status == 'done' then table.insert(done, all[i]) end
end
if #done == 0 then return {} end
local out = {}
local jobs = redis.call('HINCRBY', KEYS[2], 'jobs', 1)
table.insert(out, tostring(jobs))
for _, id in ipairs(done) do
  local task = cjson.decode(redis.call('HGET', KEYS[1], id))
  table.insert(out, redis.call('HGET', KEYS[1], id))
  task.status = 'delivered'
  redis.call('HSET', KEYS[1], id, cjson.encode(task))
end
redis.call('HSET', KEYS[2], 'status', 'queued', 'awaiting', '0', 'updatedAt', ARGV[1])
return out
`;
