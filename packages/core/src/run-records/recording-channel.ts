import type { RunEvent } from '../contracts/run-event';
import { EventChannel } from '../events/event-channel';

/** Where a recorded run's events go (a `RunRecording`). @internal */
export interface RunEventRecorder {
  event(event: RunEvent): void;
  end(failure?: { error: unknown }): void;
}

/**
 * The event sink of a recorded run: every event goes to the recording, and to the stream's
 * consumer when the run is streamed (`inner`). Nothing is queued here. @internal
 */
export class RecordingChannel extends EventChannel {
  constructor(private readonly inner: EventChannel | undefined, private readonly recording: RunEventRecorder) {
    super(0);
  }

  override push(event: RunEvent): void {
    this.recording.event(event);
    this.inner?.push(event);
  }

  override close(error?: { error: unknown }): void {
    this.recording.end(error);
    this.inner?.close(error);
  }

  override detach(): void {
    this.inner?.detach();
  }
}
