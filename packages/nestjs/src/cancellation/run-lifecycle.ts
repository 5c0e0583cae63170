import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import { ApplicationShutdownError } from '../errors/application-shutdown.error';
import type { ToolwrightModuleOptions } from '../options/toolwright-module-options';

/** One run's signal, and what to call when it settles. @internal */
export interface RunHandle {
  signal: AbortSignal;
  end(): void;
}

/**
 * The runs of the injected `Runner` in flight, tied to the application's lifecycle. When the
 * application shuts down (`app.close()`, or SIGTERM with `enableShutdownHooks()`), in-flight runs
 * get `shutdownGraceMs` (default 0) to finish, then are aborted (`RunCancelledError` with an
 * `ApplicationShutdownError` reason), and runs started from then on are aborted at once. This
 * happens in the Toolwright module's `onModuleDestroy`, before the container-created enhancers
 * are destroyed.
 *
 * @internal
 */
@Injectable()
export class RunLifecycle implements OnModuleDestroy {
  private readonly shutdownController = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing?: Promise<void>;
  private readonly graceMs: number;

  constructor(@Inject(TOOLWRIGHT_MODULE_OPTIONS) options: ToolwrightModuleOptions) {
    this.graceMs = options.shutdownGraceMs ?? 0;
  }

  /** How many runs are in flight. */
  get size(): number {
    return this.inFlight.size;
  }

  /** A signal for a run that aborts with `signal` or with the application's shutdown. */
  begin(signal: AbortSignal | undefined): RunHandle {
    const controller = new AbortController();
    const shutdown = this.shutdownController.signal;
    if (this.closing !== undefined) {
      controller.abort(shutdown.aborted ? shutdown.reason : new ApplicationShutdownError(this.graceMs));
      return { signal: controller.signal, end: () => undefined };
    }
    const onShutdown = () => controller.abort(shutdown.reason);
    const onSignal = () => controller.abort(signal?.reason);
    shutdown.addEventListener('abort', onShutdown, { once: true });
    if (signal?.aborted) onSignal();
    else signal?.addEventListener('abort', onSignal, { once: true });
    return {
      signal: controller.signal,
      end: () => {
        shutdown.removeEventListener('abort', onShutdown);
        signal?.removeEventListener('abort', onSignal);
      },
    };
  }

  /** Counts `run` as in flight until it settles. Returns it unchanged. */
  track<T>(run: Promise<T>): Promise<T> {
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return run;
  }

  onModuleDestroy(): Promise<void> {
    return this.shutdown();
  }

  /** Drains (up to the grace period), then aborts the runs in flight and waits for them to end. Idempotent. */
  shutdown(): Promise<void> {
    this.closing ??= this.drainThenAbort();
    return this.closing;
  }

  private async drainThenAbort(): Promise<void> {
    if (this.graceMs > 0 && this.inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.graceMs)));
      await Promise.race([Promise.all([...this.inFlight]), graceOver]);
      clearTimeout(timer);
    }
    this.shutdownController.abort(new ApplicationShutdownError(this.graceMs));
    await Promise.all([...this.inFlight]);
  }
}
