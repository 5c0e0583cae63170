import type { ToolAnnotations, ToolExecutionHints } from '../contracts/tool';

/** The four risk annotations, in MCP's order. */
export const TOOL_ANNOTATION_KEYS = ['readOnly', 'destructive', 'idempotent', 'openWorld'] as const satisfies ReadonlyArray<keyof ToolAnnotations>;

/** The execution hints next to them. */
const TOOL_EXECUTION_HINT_KEYS = ['sequential', 'retrySafe', 'background'] as const satisfies ReadonlyArray<keyof ToolExecutionHints>;

/** Every key of {@link ToolAnnotations} and {@link ToolExecutionHints}. */
export const TOOL_HINT_KEYS = [...TOOL_ANNOTATION_KEYS, ...TOOL_EXECUTION_HINT_KEYS] as const;

/**
 * A tool's annotations with every undeclared hint filled in the way MCP reads a missing hint:
 * not read-only, destructive, not idempotent, open-world. A read-only tool is never destructive
 * and always idempotent (it changes nothing), whatever else it declares.
 *
 * @example
 * effectiveAnnotations(defineTool({ ..., readOnly: true }));
 * // { readOnly: true, destructive: false, idempotent: true, openWorld: true }
 */
export function effectiveAnnotations(tool: ToolAnnotations): Required<ToolAnnotations> {
  const readOnly = tool.readOnly === true;
  return {
    readOnly,
    destructive: readOnly ? false : tool.destructive !== false,
    idempotent: readOnly ? true : tool.idempotent === true,
    openWorld: tool.openWorld !== false,
  };
}

/**
 * What is wrong with the annotations and hints of `fields`, or `undefined`: each must be a
 * boolean when given, and a read-only tool cannot be destructive.
 */
export function annotationProblem(fields: ToolAnnotations & ToolExecutionHints): { what: string; fix: string } | undefined {
  for (const key of TOOL_HINT_KEYS) {
    const value = fields[key];
    if (value !== undefined && typeof value !== 'boolean') {
      return { what: `${key} must be true or false (got ${JSON.stringify(value) ?? String(value)})`, fix: `pass ${key}: true, ${key}: false, or leave it out` };
    }
  }
  if (fields.readOnly === true && fields.destructive === true) {
    return { what: 'a tool cannot be both readOnly and destructive', fix: 'drop readOnly if the tool changes anything, else drop destructive' };
  }
  return undefined;
}
