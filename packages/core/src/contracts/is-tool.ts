import type { Tool } from './tool';

/** Whether `value` is a `Tool` object (a function tool with `invoke`). */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Tool>;
  return v.type === 'function' && typeof v.name === 'string' && typeof v.invoke === 'function';
}
