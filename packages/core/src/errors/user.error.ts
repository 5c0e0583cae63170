import { ToolwrightError } from './toolwright.error';

/** A misconfiguration by the user of the library; the message says how to fix it. */
export class UserError extends ToolwrightError {}
