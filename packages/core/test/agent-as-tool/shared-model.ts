import { ScriptedModel, type ScriptedStep } from '@toolwright/core';

/** One model serving a parent and a nested agent: requests are told apart by their instructions ('nested' or not). */
export function sharedModel(parent: ScriptedStep[], nested: ScriptedStep[]): ScriptedModel {
  let p = 0;
  let n = 0;
  return new ScriptedModel((request) => {
    const step = request.instructions === 'nested' ? nested[n++] : parent[p++];
    if (!step) throw new Error(`script ran out for ${request.instructions}`);
    return typeof step === 'function' ? step(request) : step;
  });
}
