import { ToolwrightError } from '../errors/toolwright.error';
import { brand } from '../util/brand';

/** No stored run has this id: it was never stored, it expired, or it was completed long ago. */
export class RunNotFoundError extends ToolwrightError {
  static {
    brand(this, 'RunNotFoundError');
  }

  constructor(readonly runId: string) {
    super(`No stored run with id ${JSON.stringify(runId.length > 100 ? `${runId.slice(0, 100)}…` : runId)}: it was never stored, it expired, or it completed a while ago.`);
  }
}
