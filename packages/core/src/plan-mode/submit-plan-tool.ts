import { ToolResult } from '../result/tool-result';
import { defineTool } from '../tool/define-tool';
import type { Tool } from '../contracts/tool';

/** The name of the built-in plan-submission tool. */
export const SUBMIT_PLAN_TOOL = 'submit_plan';

/** Most characters of a submitted plan (bounds what a model can make the run hold). */
const MAX_PLAN_LENGTH = 100_000;

let builtIn: Tool | undefined;

/**
 * The built-in plan-submission tool of plan mode: `submit_plan({ plan })`. Its output is the
 * plan text and asks the run to stop, so a batch that only submits the plan ends the run with
 * the plan as `finalOutput`. Read-only: handing in a plan changes nothing. @internal
 */
export function submitPlanTool(): Tool {
  // Stateless, so one instance serves every run (built on first use).
  builtIn ??= defineTool({
    name: SUBMIT_PLAN_TOOL,
    description:
      'Hand in your plan once you have investigated enough. Write the concrete steps you would take, in order, ' +
      'naming the tools you would call and with what. Nothing of the plan is carried out until it is approved.',
    parameters: {
      type: 'object',
      properties: { plan: { type: 'string', description: 'The plan: the steps, in order.', maxLength: MAX_PLAN_LENGTH } },
      required: ['plan'],
    },
    source: 'plan mode',
    readOnly: true,
    openWorld: false,
    invoke: (_ctx, args: { plan: string }) => ToolResult.text(args.plan).withTitle('Plan submitted').asTerminal(),
  });
  return builtIn;
}

