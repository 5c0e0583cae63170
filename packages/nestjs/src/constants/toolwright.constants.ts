/** Injection token of the resolved {@link ToolwrightModuleOptions}. */
export const TOOLWRIGHT_MODULE_OPTIONS = Symbol.for('toolwright:nestjs:module-options');

/** Reflect-metadata key under which `@AgentDefinition` stores its options on a class. */
export const AGENT_DEFINITION_METADATA = 'toolwright:nestjs:agent-definition';

/** Prefix of the injection token of an agent (`getAgentToken(name)`). */
export const AGENT_TOKEN_PREFIX = 'toolwright:agent:';

/** The context name of the module's log lines. */
export const TOOLWRIGHT_LOGGER_CONTEXT = 'Toolwright';

/**
 * Reflect-metadata key of the parameter map Toolwright gives Nest's `ExternalContextCreator` for
 * a tool method (which parameter is a `@Param` value, the `@Args` DTO or the `ToolContext`).
 */
export const TOOL_PARAMS_METADATA = 'toolwright:nestjs:tool-params';
