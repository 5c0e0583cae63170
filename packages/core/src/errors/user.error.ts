import { ToolwrightError } from './toolwright.error';
import { brand } from '../util/brand';

/** A misconfiguration by the user of the library; the message says how to fix it. */
export class UserError extends ToolwrightError {
  static {
    brand(this, 'UserError');
  }
}
