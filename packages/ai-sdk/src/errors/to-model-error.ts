import { APICallError } from '@ai-sdk/provider';
import { ModelError } from '@toolwright/core';

/** Response headers providers put their request id in, in the order they are tried. */
const REQUEST_ID_HEADERS = ['request-id', 'x-request-id', 'x-amzn-requestid', 'x-goog-request-id', 'apim-request-id', 'x-ms-request-id'];

/** The error to throw when `signal` aborted a request: its reason, or a standard `AbortError`. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The model request was aborted.', 'AbortError');
}

/**
 * Turns what a provider package threw (or reported in its stream) into what a Toolwright model
 * throws: the abort reason when the run's signal aborted the request, a `ModelError` already
 * made as it is, otherwise a `ModelError` naming the provider and model, with the HTTP status,
 * the provider's request id and its own message when the failure came from the API.
 */
export function toModelError(error: unknown, where: string, signal?: AbortSignal): unknown {
  if (signal?.aborted) return abortReason(signal);
  if (error instanceof ModelError) return error;
  if (isAbortError(error)) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const requestId = requestIdOf(error.responseHeaders);
    const facts = [status !== undefined ? `HTTP ${status}` : '', requestId ? `request id ${requestId}` : ''].filter(Boolean).join(', ');
    const hint = hintFor(status);
    return new ModelError(`${where} failed: ${apiMessageOf(error)}${facts ? ` (${facts})` : ''}.${hint ? ` ${hint}` : ''}`, {
      ...(status !== undefined ? { status } : {}),
      ...(requestId ? { requestId } : {}),
      ...(error.isRetryable ? { code: 'retryable' } : {}),
      cause: error,
    });
  }
  if (isFetchFailure(error)) {
    const cause = messageOf((error as { cause?: unknown }).cause);
    return new ModelError(`${where} could not reach the server${cause ? `: ${cause.replace(/\.$/, '')}` : ''}. Check the provider's baseURL and the network.`, { cause: error });
  }
  return new ModelError(`${where} failed: ${(messageOf(error) ?? describe(error)).replace(/\.$/, '')}.`, { cause: error });
}

/** An error's message; errors of another realm (a test sandbox) are not `instanceof Error`. */
function messageOf(error: unknown): string | undefined {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** `fetch` failing to connect, as the provider package passes it on when it does not wrap it. */
function isFetchFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TypeError' && messageOf(error) === 'fetch failed';
}

/** The request id among a response's headers (header names are lower case in the AI SDK). */
export function requestIdOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  if (!headers) return undefined;
  const lower: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers)) lower[key.toLowerCase()] = value;
  for (const name of REQUEST_ID_HEADERS) {
    const value = lower[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function isAbortError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** The API's own message: from the parsed error body when the provider gave one, else the SDK's. */
function apiMessageOf(error: APICallError): string {
  const data = error.data as { error?: { message?: unknown }; message?: unknown } | undefined;
  const message = typeof data?.error?.message === 'string' ? data.error.message : typeof data?.message === 'string' ? data.message : error.message;
  return (message || 'no message').replace(/\.$/, '');
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}

function hintFor(status: number | undefined): string {
  switch (status) {
    case 401:
      return "Check the provider's API key (its environment variable, or the apiKey of the provider you created).";
    case 403:
      return 'The key is not allowed to use this model or endpoint.';
    case 404:
      return "Check the model id and the provider's baseURL.";
    case 429:
      return 'Rate limited or out of quota; slow down or raise the limit.';
    case undefined:
      return "Check the provider's baseURL and the network.";
    default:
      return status >= 500 ? 'The provider failed; try again later.' : '';
  }
}
