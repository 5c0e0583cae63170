import type { Tool } from './tool';
import type { Toolset } from './toolset';

/** Anything `Agent.tools` accepts: a decorated instance, a `Tool`, a `Toolset`, or arrays of them. */
export type ToolEntry = Tool | Toolset | object | ToolEntry[];
