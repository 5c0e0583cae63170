import { SELF_DECLARED_DEPS_METADATA, PROPERTY_DEPS_METADATA } from '@nestjs/common/constants';
import type { ModulesContainer } from '@nestjs/core';
import { Agent, UserError } from '@toolwright/core';
import { describeToken } from '../container/container-resolver';
import { moduleName } from '../container/module-names';

/**
 * The providers and controllers of the application that inject `token` (constructor
 * parameters, properties, factory `inject` lists), as `ChatService (in ChatModule)`. @internal
 */
export function consumersOf(token: string, modules: ModulesContainer): string[] {
  const out: string[] = [];
  for (const module of modules.values()) {
    for (const wrapper of [...module.providers.values(), ...module.controllers.values()]) {
      const cls = wrapper.metatype;
      let injects = wrapper.isFactory ? (wrapper.inject ?? []).some((t) => t === token) : false;
      if (!wrapper.isFactory && typeof cls === 'function') {
        const params = (Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, cls) as Array<{ param: unknown }> | undefined) ?? [];
        const props = (Reflect.getMetadata(PROPERTY_DEPS_METADATA, cls) as Array<{ type: unknown }> | undefined) ?? [];
        injects = params.some((p) => p.param === token) || props.some((p) => p.type === token);
      }
      if (injects) out.push(`${wrapper.isFactory ? `the factory of ${describeToken(wrapper.token)}` : (cls as Function).name} (in ${moduleName(module, modules)})`);
    }
  }
  return out;
}

const sample = new Agent({ name: 'sample' });

/**
 * What the agent token of a name no agent has resolves to when nothing in the application
 * injects it (another application of the process asked for the name): an object whose `Agent`
 * members throw, naming the agent. @internal
 */
export function missingAgent(name: string): Agent<any> {
  return new Proxy(Object.create(null) as object, {
    get(_target, key) {
      if (typeof key === 'string' && key !== 'constructor' && key in sample) {
        throw new UserError(`No agent named "${name}" exists in this application (@InjectAgent('${name}')). Fix: declare it with @AgentDefinition({ name: '${name}', ... }) on a provider, or in ToolwrightModule.forFeature({ agents }).`);
      }
      return undefined;
    },
  }) as Agent<any>;
}
