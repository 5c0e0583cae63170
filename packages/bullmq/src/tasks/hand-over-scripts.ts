/**
 * Lua scripts of a hand-over: finished background results given to the run that waits for them,
 * resumable step by step after a crash. The run's hash carries the hand-over in progress:
 * `delivering` (the number of the job that continues the run) and, once its state is saved,
 * `deliveringStore` (the stored continuation's id). The transition script drops both when the
 * run leaves `queued`. @internal
 */

/**
 * Takes a hand-over (KEYS[1]: the tasks hash, KEYS[2]: the run's hash; ARGV[1]: now). When the
 * run is `queued` with a hand-over in progress, returns that same one again; when it waits and
 * none of its tasks is pending, marks the done ones delivered (by this hand-over), counts the
 * continuation's job, takes the run back to `queued` with the `delivering` marker, and returns
 * the new one. Returns {job number, stored continuation id or '', task JSON...}, or {} when there
 * is nothing to hand over.
 */
export const DELIVER_SCRIPT = `
local status = redis.call('HGET', KEYS[2], 'status')
local delivering = redis.call('HGET', KEYS[2], 'delivering')
if status == 'queued' and delivering then
  local out = {delivering, redis.call('HGET', KEYS[2], 'deliveringStore') or ''}
  local all = redis.call('HGETALL', KEYS[1])
  for i = 1, #all, 2 do
    local task = cjson.decode(all[i + 1])
    if task.status == 'delivered' and tostring(task.deliveredIn) == delivering then table.insert(out, all[i + 1]) end
  end
  return out
end
if redis.call('HGET', KEYS[2], 'awaiting') ~= '1' or status ~= 'waiting' then return {} end
local all = redis.call('HGETALL', KEYS[1])
local done = {}
for i = 1, #all, 2 do
  local task = cjson.decode(all[i + 1])
  if task.status == 'pending' then return {} end
  if task.status == 'done' then table.insert(done, all[i]) end
end
if #done == 0 then return {} end
local jobs = redis.call('HINCRBY', KEYS[2], 'jobs', 1)
local out = {tostring(jobs), ''}
for _, id in ipairs(done) do
  local task = cjson.decode(redis.call('HGET', KEYS[1], id))
  task.status = 'delivered'
  task.deliveredIn = jobs
  local updated = cjson.encode(task)
  redis.call('HSET', KEYS[1], id, updated)
  table.insert(out, updated)
end
redis.call('HDEL', KEYS[2], 'deliveringStore')
redis.call('HSET', KEYS[2], 'status', 'queued', 'awaiting', '0', 'delivering', tostring(jobs), 'updatedAt', ARGV[1])
return out
`;

/**
 * The continuation of hand-over ARGV[1] was saved in the run store as ARGV[2] (KEYS[1]: the run's
 * hash, KEYS[2]: the history kept for it; ARGV[3]: now). The first one saved is the run's: it
 * becomes its stored run and the kept history goes. Returns {'saved', id} with the id of the
 * hand-over's continuation (another's, when one was saved first), or {'gone'} when the hand-over
 * is no longer in progress (the run was cancelled, or its continuation's job has started).
 */
export const CONTINUATION_SAVED_SCRIPT = `
if redis.call('HGET', KEYS[1], 'status') ~= 'queued' or redis.call('HGET', KEYS[1], 'delivering') ~= ARGV[1] then return {'gone'} end
local saved = redis.call('HGET', KEYS[1], 'deliveringStore')
if saved then return {'saved', saved} end
redis.call('HSET', KEYS[1], 'deliveringStore', ARGV[2], 'storeRunId', ARGV[2], 'updatedAt', ARGV[3])
redis.call('DEL', KEYS[2])
return {'saved', ARGV[2]}
`;

/**
 * Hand-over ARGV[1] is complete, its continuation's job added (KEYS[1]: the run's hash): clears
 * the marker, only if it is still that hand-over's. Returns 1 when it cleared it, else 0.
 */
export const DELIVERED_SCRIPT = `
if redis.call('HGET', KEYS[1], 'delivering') ~= ARGV[1] then return 0 end
redis.call('HDEL', KEYS[1], 'delivering', 'deliveringStore')
return 1
`;
