import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/** The model refused to give the structured answer the agent asks for (a `refusal` in its response). */
export class ModelRefusalError extends ToolwrightError {
  static {
    brand(this, 'ModelRefusalError');
  }

  /** The partial result of the run that this error ended (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    /** The name of the agent whose model refused. */
    readonly agentName: string,
    /** The model's own words. */
    readonly refusal: string,
  ) {
    super(`The model of agent "${agentName}" refused to answer: ${refusal.length > 2000 ? `${refusal.slice(0, 2000)}…` : refusal}`);
    keepOutOfLogs(this, 'result');
  }
}
