import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ModelError } from '@toolwright/core';

/** When a request started and the timeout it ran under, to recognise timeouts. */
export interface RequestTiming {
  startedAt: number;
  timeoutMs: number;
}

/** Which API a request went to, for error messages. */
export type OpenAIApiName = 'Responses' | 'Chat Completions';

/**
 * Turns whatever the `openai` client threw into what a Toolwright model throws: the abort
 * reason when the run's signal aborted the request, otherwise a `ModelError` carrying the HTTP
 * status, the request id and the API's own message.
 */
export function toModelError(error: unknown, api: OpenAIApiName, signal?: AbortSignal, timing?: RequestTiming): unknown {
  if (signal?.aborted) return abortReason(signal);
  if (error instanceof ModelError) return error;
  if (error instanceof APIUserAbortError) return new DOMException('The model request was aborted.', 'AbortError');
  // The client recognises its own timeout only when the abort error comes from the same realm
  // (not so under test sandboxes), so the elapsed time decides too.
  const timedOut = timing !== undefined && Date.now() - timing.startedAt >= timing.timeoutMs;
  if (error instanceof APIConnectionTimeoutError || (error instanceof APIConnectionError && timedOut)) {
    return new ModelError(
      `OpenAI ${api} request timed out${timing ? ` after ${timing.timeoutMs} ms` : ''}. Raise the model's timeoutMs or check that the server at the client's baseURL is responsive.`,
      { cause: error },
    );
  }
  if (error instanceof APIConnectionError) {
    const detail = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new ModelError(
      `OpenAI ${api} request could not reach the server${detail}. Check the client's baseURL (OPENAI_BASE_URL) and the network.`,
      { cause: error },
    );
  }
  if (error instanceof APIError) {
    const status = typeof error.status === 'number' ? error.status : undefined;
    const requestId = error.requestID ?? undefined;
    const code = typeof error.code === 'string' ? error.code : undefined;
    const apiMessage = apiMessageOf(error);
    const facts = [code ? `code ${code}` : '', error.param ? `param ${error.param}` : '', requestId ? `request id ${requestId}` : '']
      .filter(Boolean)
      .join(', ');
    const head = status ? `OpenAI ${api} request failed with HTTP ${status}` : `OpenAI ${api} stream reported an error`;
    const hint = hintFor(status);
    return new ModelError(`${head}: ${apiMessage}${facts ? ` (${facts})` : ''}.${hint ? ` ${hint}` : ''}`, {
      ...(status !== undefined ? { status } : {}),
      ...(requestId ? { requestId } : {}),
      ...(code ? { code } : {}),
      cause: error,
    });
  }
  return error;
}

/**
 * Like {@link toModelError}, for failures while reading a stream that had started: a broken
 * connection (e.g. undici's "terminated") becomes a `ModelError` too.
 */
export function toStreamReadError(error: unknown, api: OpenAIApiName, signal?: AbortSignal, requestId?: string): unknown {
  const mapped = toModelError(error, api, signal);
  if (mapped !== error || error instanceof ModelError || signal?.aborted) return mapped;
  const detail = error instanceof Error ? error.message : String(error);
  return new ModelError(`OpenAI ${api} stream broke off: ${detail}${requestId ? ` (request id ${requestId})` : ''}. The response was incomplete; try again.`, {
    ...(requestId ? { requestId } : {}),
    cause: error,
  });
}

/** The error to throw when `signal` aborted a request: its reason, or a standard `AbortError`. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The model request was aborted.', 'AbortError');
}

function apiMessageOf(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string' && body.message !== '') return body.message.replace(/\.$/, '');
  // The client prefixes the status ("400 ...") to its own message; drop it, the status is reported separately.
  return error.message.replace(/^\d{3}\s+/, '').replace(/\.$/, '');
}

function hintFor(status: number | undefined): string {
  switch (status) {
    case 401:
      return 'Check OPENAI_API_KEY (or the apiKey of your client).';
    case 403:
      return 'The key is not allowed to use this model or endpoint.';
    case 404:
      return "Check the model name and the client's baseURL; OpenAI-compatible servers often serve the API under /v1.";
    case 429:
      return 'Rate limited or out of quota after the client exhausted its retries; raise maxRetries or slow down.';
    default:
      return status !== undefined && status >= 500
        ? 'The server failed after the client exhausted its retries; raise maxRetries or try again later.'
        : '';
  }
}

/** A `ModelError` for a stream that broke off or reported a failure without an HTTP error. */
export function streamError(
  message: string,
  api: OpenAIApiName,
  details: { requestId?: string; code?: string } = {},
): ModelError {
  const facts = [details.code ? `code ${details.code}` : '', details.requestId ? `request id ${details.requestId}` : '']
    .filter(Boolean)
    .join(', ');
  return new ModelError(`OpenAI ${api} stream failed: ${message}${facts ? ` (${facts})` : ''}.`, {
    ...(details.requestId ? { requestId: details.requestId } : {}),
    ...(details.code ? { code: details.code } : {}),
  });
}
