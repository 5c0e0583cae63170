// @toolwright/console: the approvals inbox and run viewer over a run store.

export { createConsole } from './console/create-console';
export type { ToolwrightConsole, ConsoleHandler } from './console/create-console';
export type { ConsoleOptions, ConsoleAuthorize, ConsoleIdentity } from './options/console-options';
export { ToolwrightConsoleModule } from './nest/console-module';
export type { ConsoleDynamicModule, ConsoleModuleOptions } from './nest/console-module';
export { runConsoleCli } from './cli/run-cli';
export type { ConsoleCliIo } from './cli/run-cli';
