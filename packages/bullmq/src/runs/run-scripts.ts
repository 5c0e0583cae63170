/**
 * Lua scripts on a run's hash (KEYS[1]) and the queue's counters (KEYS[2]): a status change is
 * atomic with its counters, and an ended run never changes again. A run leaving `queued` drops
 * the marker of a hand-over of background results (`delivering`, `deliveringStore`): its
 * continuation has started, or the run was cancelled. A run that ends gets its hash and its
 * events (KEYS[3]) expiring after ARGV[3] seconds in the same step. ARGV: status, now, TTL,
 * then field/value pairs. @internal
 */
export const TRANSITION_SCRIPT = `
local old = redis.call('HGET', KEYS[1], 'status')
if not old then return {'missing'} end
if old == 'completed' or old == 'failed' or old == 'cancelled' then return {old} end
local new = ARGV[1]
if new ~= old then
  if old == 'paused' then redis.call('HINCRBY', KEYS[2], 'paused', -1) end
  if new == 'paused' or new == 'completed' or new == 'failed' or new == 'cancelled' then redis.call('HINCRBY', KEYS[2], new, 1) end
  if old == 'queued' then redis.call('HDEL', KEYS[1], 'delivering', 'deliveringStore') end
end
redis.call('HSET', KEYS[1], 'status', new, 'updatedAt', ARGV[2])
for i = 4, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
if new == 'completed' or new == 'failed' or new == 'cancelled' then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('EXPIRE', KEYS[3], ARGV[3])
end
return {old}
`;

/** Takes a paused run back to `queued` and counts its next job; returns {status, jobs}. @internal */
export const RESUME_SCRIPT = `
local old = redis.call('HGET', KEYS[1], 'status')
if not old then return {'missing', 0} end
if old ~= 'paused' then return {old, 0} end
redis.call('HINCRBY', KEYS[2], 'paused', -1)
local jobs = redis.call('HINCRBY', KEYS[1], 'jobs', 1)
redis.call('HSET', KEYS[1], 'status', 'queued', 'updatedAt', ARGV[1])
return {old, jobs}
`;
