/**
 * Lua scripts on a run's background tasks (KEYS[1]: the tasks hash, KEYS[2]: the run's hash,
 * KEYS[3]: the counters). A task is JSON `{ status: 'pending' | 'done' | 'delivered' | 'cancelled', ... }`;
 * handing results to the run is in `hand-over-scripts.ts`. @internal
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
 * A task's job finished (KEYS[1]: the tasks hash, KEYS[2]: the run's event stream): a pending
 * task becomes `done` with ARGV[2] (output) and ARGV[3] ('1' when an error), and its event
 * (ARGV[5], kept to about ARGV[4] entries) is appended, at once. Returns 1, or 0 when the task is
 * no longer pending (cancelled, or finished by an earlier attempt): then nothing changes.
 */
export const FINISH_SCRIPT = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local task = cjson.decode(raw)
if task.status ~= 'pending' then return 0 end
task.status = 'done'
task.output = ARGV[2]
task.isError = ARGV[3] == '1'
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(task))
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'e', ARGV[5])
return 1
`;

/**
 * Cancels a task by its task id or its call id (ARGV[1]; KEYS[1]: the tasks hash): a pending task
 * becomes `cancelled`. Returns {outcome, task JSON}: `cancelled`, `already_cancelled`, `finished`
 * or `not_found` (with '').
 */
export const CANCEL_TASK_SCRIPT = `
local id = ARGV[1]
local raw = redis.call('HGET', KEYS[1], id)
if not raw then
  local all = redis.call('HGETALL', KEYS[1])
  for i = 1, #all, 2 do
    if cjson.decode(all[i + 1]).callId == id then raw = all[i + 1]; break end
  end
end
if not raw then return {'not_found', ''} end
local task = cjson.decode(raw)
if task.status == 'cancelled' then return {'already_cancelled', raw} end
if task.status ~= 'pending' then return {'finished', raw} end
task.status = 'cancelled'
local updated = cjson.encode(task)
redis.call('HSET', KEYS[1], task.taskId, updated)
return {'cancelled', updated}
`;

/**
 * A task's job starts running its tool (KEYS[1]: the tasks hash, ARGV[1]: the task id): counts
 * the start on a pending task. Returns how many earlier starts it had (an earlier one that never
 * finished means its worker stopped mid-way), or -1 when the task is not pending.
 */
export const START_TASK_SCRIPT = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return -1 end
local task = cjson.decode(raw)
if task.status ~= 'pending' then return -1 end
local starts = tonumber(task.starts or 0)
task.starts = starts + 1
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(task))
return starts
`;
