import { UserError } from '../errors/user.error';
import type { Tool } from '../contracts/tool';
import { isTool } from '../contracts/is-tool';
import { assertValidToolName } from '../tool/tool-name';
import { submitPlanTool, SUBMIT_PLAN_TOOL } from './submit-plan-tool';

/**
 * Options of plan mode (`new Runner({ planMode })`, `runner.run(agent, input, { planMode })`).
 * While planning, every tool stays offered, but a call to a tool that is not read-only does not
 * run: it is answered, as a normal output, with a refusal naming the plan-submission tool. The
 * refusal comes before approval: nobody is asked about a call that will not run.
 */
export interface PlanModeOptions {
  /**
   * The tool the model calls to hand in its plan; it always runs. Default: a built-in
   * `submit_plan({ plan })` that ends the run with the plan text as `finalOutput` (unless the
   * agent has a tool of that name, which is then used). A name: one of the agent's own tools.
   * A `Tool`: offered to every agent while planning.
   */
  submitTool?: string | Tool;
  /**
   * Tools trusted as read-only while planning though they do not declare `readOnly: true` — for
   * example tools of an MCP server, whose `readOnlyHint` is not believed unless the toolset is
   * created with `trustAnnotations: true`.
   */
  readOnlyTools?: readonly string[];
}

/** Plan mode as one run applies it. */
export interface ResolvedPlanMode {
  /** The plan-submission tool's name (never refused). */
  submitToolName: string;
  /** The tool offered to every agent while planning (the built-in, or `options.submitTool`). */
  offeredTool?: Tool;
  readOnlyTools: ReadonlySet<string>;
}

/**
 * Normalises the `planMode` option; `undefined` when plan mode is off.
 * @throws UserError naming what is wrong with the option. @internal
 */
export function planModeOf(value: boolean | PlanModeOptions | undefined): ResolvedPlanMode | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) value = {};
  if (typeof value !== 'object' || value === null) {
    throw new UserError(`planMode must be true, false or { submitTool?, readOnlyTools? } (got ${JSON.stringify(value)}).`);
  }
  const readOnlyTools = value.readOnlyTools ?? [];
  if (!Array.isArray(readOnlyTools) || !readOnlyTools.every((n) => typeof n === 'string')) {
    throw new UserError('planMode.readOnlyTools must be an array of tool names, e.g. { readOnlyTools: ["read_file", "list_files"] }.');
  }
  const submit = value.submitTool;
  if (submit === undefined) {
    return { submitToolName: SUBMIT_PLAN_TOOL, offeredTool: submitPlanTool(), readOnlyTools: new Set(readOnlyTools) };
  }
  if (typeof submit === 'string') {
    assertValidToolName(submit);
    return { submitToolName: submit, readOnlyTools: new Set(readOnlyTools) };
  }
  if (!isTool(submit)) {
    throw new UserError('planMode.submitTool must be a tool name or a Tool (defineTool(...)).');
  }
  return { submitToolName: submit.name, offeredTool: submit, readOnlyTools: new Set(readOnlyTools) };
}

/**
 * The tool plan mode adds to an agent's entries: the submission tool, unless the agent has a
 * tool of that name itself (its own is then the one used). @internal
 */
export function planModeEntries(mode: ResolvedPlanMode | undefined, entries: ReadonlyArray<unknown>): Tool[] {
  const offered = mode?.offeredTool;
  if (!offered) return [];
  return entries.some((entry) => isTool(entry) && entry.name === offered.name) ? [] : [offered];
}

/** Whether a call of `tool` runs while planning. @internal */
export function runsWhilePlanning(mode: ResolvedPlanMode, tool: Tool): boolean {
  return tool.readOnly === true || tool.name === mode.submitToolName || mode.readOnlyTools.has(tool.name);
}

/**
 * The output of a call refused in plan mode. It names the submission tool when the agent is
 * offered it (an agent used as a tool by a planning run is not: it is told to answer instead).
 */
export function planRefusalText(toolName: string, mode: ResolvedPlanMode, submitOffered: boolean): string {
  const next = submitOffered
    ? `Only read-only tools run while planning: investigate with them, then call "${mode.submitToolName}" with your plan.`
    : 'Only read-only tools run while planning: gather what you need with them, then answer with what you found.';
  return `Not run: plan mode is on and "${toolName}" is not a read-only tool. ${next}`;
}
