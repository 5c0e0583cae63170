/** The data of a run's job: which run, of which agent (its input and history are in the run store). @internal */
export interface RunJobData {
  runId: string;
  /** `start` runs the input; `resume` continues the stored run after decisions. */
  kind: 'start' | 'resume';
  agent: string;
  /** The W3C trace context of the enqueueing span (`traceparent`, `tracestate`). */
  trace?: Record<string, string>;
}

/** The BullMQ job name of run jobs. @internal */
export const RUN_JOB_NAME = 'toolwright.run';

/** The job id of a run's `n`th job (BullMQ ids may not contain ':'). @internal */
export function runJobId(runId: string, n: number): string {
  return `${runId}.${n}`;
}

/** The data of a background tool call's job. @internal */
export interface TaskJobData {
  runId: string;
  taskId: string;
  agent: string;
  toolName: string;
  callId: string;
  /** The call's arguments as JSON text. */
  arguments: string;
  trace?: Record<string, string>;
}

/** The BullMQ job name of background tool calls. @internal */
export const TASK_JOB_NAME = 'toolwright.task';
