import { ToolwrightError } from './toolwright.error';
import { brand } from '../util/brand';

/** A serialised `RunState` could not be used (malformed, tampered, stale, or inconsistent). */
export class RunStateError extends ToolwrightError {
  static {
    brand(this, 'RunStateError');
  }
}
