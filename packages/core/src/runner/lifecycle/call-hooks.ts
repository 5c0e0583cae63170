import type { Agent } from '../../agent/agent';
import { HookError } from '../../errors/hook.error';
import type { AgentHooks, RunHooks } from '../../contracts/run-hooks';

/** A runner hook and the agent hook that goes with it. @internal */
export type HookPair = [keyof RunHooks, keyof AgentHooks | undefined];

/**
 * Calls the runner's hook, then the agent's, waiting for each. Whatever a hook throws becomes
 * `HookError` naming the hook and its owner. @internal
 */
export async function callHooks(runHooks: RunHooks | undefined, agent: Agent<any> | undefined, [runName, agentName]: HookPair, event: object): Promise<void> {
  const runHook = runHooks?.[runName] as ((event: object) => unknown) | undefined;
  if (runHook) await invoke(runHook, runHooks, runName, 'runner', event);
  const agentHooks = agentName ? agent?.hooks : undefined;
  const agentHook = agentHooks?.[agentName!] as ((event: object) => unknown) | undefined;
  if (agentHook) await invoke(agentHook, agentHooks, agentName!, `agent "${agent!.name}"`, event);
}

async function invoke(hook: (event: object) => unknown, self: object | undefined, name: string, owner: string, event: object): Promise<void> {
  try {
    await hook.call(self, event);
  } catch (error) {
    throw new HookError(name, owner, error);
  }
}
