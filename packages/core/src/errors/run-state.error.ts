import { ToolwrightError } from './toolwright.error';

/** A serialised `RunState` could not be used (malformed, tampered, stale, or inconsistent). */
export class RunStateError extends ToolwrightError {}
