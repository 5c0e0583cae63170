/**
 * The programs of the dual-package test: a toolkit library compiled to CommonJS (as `tsc
 * --module commonjs` emits it) that `require`s @toolwright/core, and an ES module application
 * that `import`s core and runs the library's agent with its own Runner. The application prints
 * one JSON line of what it observed.
 */

/** `lib/index.cjs`: tools returning results made by the library's copy of core, and its agents. */
export const LIBRARY_SOURCE = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const core_1 = require("@toolwright/core");
const NO_ARGUMENTS = { type: "object", properties: {}, required: [], additionalProperties: false };
const tool = (name, invoke, extra = {}) => (0, core_1.defineTool)({ name, description: "The " + name + " tool.", parameters: NO_ARGUMENTS, invoke, ...extra });
const PIXEL = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);
const billing = new core_1.Agent({ name: "billing", instructions: "Handle billing.", tools: [tool("finish", () => core_1.ToolResult.text("closed").asTerminal())] });
exports.billing = billing;
exports.assistant = new core_1.Agent({
  name: "assistant",
  instructions: "Help.",
  tools: [
    tool("lookup", () => core_1.ToolResult.text("found the customer").withDetails({ ssn: "123-45-6789" })),
    tool("photo", () => core_1.ToolResult.of([core_1.Content.text("the picture:"), core_1.Content.image({ data: PIXEL, mimeType: "image/png" })])),
    tool("broken", () => core_1.ToolResult.error("the disk is full")),
    tool("escalate", () => core_1.ToolResult.handoff(billing, "escalated to billing")),
  ],
});
exports.guarded = new core_1.Agent({ name: "guarded", instructions: "Ask first.", tools: [tool("wipe", () => "wiped", { needsApproval: true })] });
exports.catalogue = new core_1.ToolSearchToolset({
  tools: ["create_invoice", "post_slack_message"].map((name) => tool(name, () => name + " done")),
  maxResults: 1,
});
exports.readState = (agent, json) => core_1.RunState.fromString(agent, json);
exports.userError = (message) => new core_1.UserError(message);
exports.core = core_1;
`;

/** `main.mjs`: the application; its first argument is what to `require` for the library. */
export const APPLICATION_SOURCE = `import 'reflect-metadata';
import { createRequire } from 'node:module';
import { Agent, Runner, RunState, ScriptedModel, ToolResult, ToolwrightError, UserError } from '@toolwright/core';

const lib = createRequire(import.meta.url)(process.argv[2]);
const outputsByName = (items) => {
  const names = new Map(items.filter((i) => i.type === 'function_call').map((i) => [i.callId, i.name]));
  return Object.fromEntries(items.filter((i) => i.type === 'function_call_output').map((i) => [names.get(i.callId), { output: i.output, isError: i.isError === true }]));
};

const model = new ScriptedModel([
  { toolCalls: [{ name: 'lookup', arguments: {} }, { name: 'photo', arguments: {} }, { name: 'broken', arguments: {} }] },
  { toolCalls: [{ name: 'escalate', arguments: {} }] },
  { toolCalls: [{ name: 'finish', arguments: {} }] },
  { text: 'a turn a terminal result leaves unused' },
]);
const run = await new Runner({ model }).run(lib.assistant, 'Help me.');

const approvals = new ScriptedModel([{ toolCalls: [{ name: 'wipe', arguments: {} }] }, { text: 'wiped it' }]);
const paused = await new Runner({ model: approvals }).run(lib.guarded, 'Wipe it.');
const state = lib.readState(lib.guarded, paused.state.toString());
state.approve(paused.interruptions[0].callId);
const resumed = await new Runner({ model: approvals }).run(lib.guarded, state);

// A toolset of the library's copy in an agent of the application's: its search discloses a tool.
const searching = new ScriptedModel([
  { toolCalls: [{ name: 'search_tools', arguments: { query: 'slack message' } }] },
  { toolCalls: [{ name: 'post_slack_message', arguments: {} }] },
  { text: 'Posted.' },
]);
const searched = await new Runner({ model: searching }).run(new Agent({ name: 'searcher', instructions: 'Find tools.', tools: [lib.catalogue] }), 'Tell the team.');

console.log(JSON.stringify({
  toolset: { finalOutput: searched.finalOutput, disclosed: searching.requests[1].tools.map((t) => t.name), posted: outputsByName(searched.newItems).post_slack_message },
  twoCopies: lib.core.ToolResult !== ToolResult,
  outputs: outputsByName(run.newItems),
  sentToModel: JSON.stringify(model.requests),
  turns: model.requests.length,
  status: run.status,
  lastAgent: run.lastAgent.name,
  resumed: { status: resumed.status, finalOutput: resumed.finalOutput, stateAccepted: state instanceof RunState },
  recognised: {
    agent: lib.assistant instanceof Agent,
    result: lib.core.ToolResult.text('x') instanceof ToolResult,
    userError: lib.userError('x') instanceof UserError && lib.userError('x') instanceof ToolwrightError,
    backwards: new UserError('x') instanceof lib.core.UserError && ToolResult.text('x') instanceof lib.core.ToolResult,
  },
}));
`;
