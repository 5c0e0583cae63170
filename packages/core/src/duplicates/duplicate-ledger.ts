import { canonicalJson } from './canonical-json';
import { prefixOf } from '../limits/bounded-text';

/** An earlier call of a tool with a duplicate policy, remembered for the rest of the run. */
export interface CalledToolRecord {
  toolName: string;
  callId: string;
  /** The output the model saw (text, shortened). */
  output: string;
}

/** Most characters of an earlier output kept in the state and repeated to the model. */
const MAX_REMEMBERED_OUTPUT = 2_000;

/** The ledger key of a call: tool name and canonical arguments. @internal */
export function duplicateKey(toolName: string, args: unknown): string {
  return `${toolName}\u0000${canonicalJson(args ?? {})}`;
}

/** Shortens an output to what the ledger keeps. @internal */
export function rememberedOutput(text: string): string {
  return text.length <= MAX_REMEMBERED_OUTPUT ? text : `${prefixOf(text, MAX_REMEMBERED_OUTPUT)}… [${text.length - MAX_REMEMBERED_OUTPUT} more characters]`;
}
