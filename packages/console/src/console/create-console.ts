import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasRunRecords, Runner, UserError, type RunRecords, type RunStore, type StoredInterruption } from '@toolwright/core';
import { CONSOLE_CSS } from '../assets/console-css';
import { CONSOLE_JS } from '../assets/console-js';
import type { ConsoleAuthorize, ConsoleIdentity, ConsoleOptions } from '../options/console-options';
import { decideCall, type DecisionHost } from '../decisions/decide-call';
import type { ConsoleDecision } from '../decisions/decision';
import { findAgent, findTool } from '../decisions/find-tool';
import { checkEditedArguments } from '../decisions/validate-arguments';
import { streamRun } from '../http/live-updates';
import { BodyError, readForm } from '../http/request-body';
import { redirect, sendHtml, sendJson, sendText } from '../http/respond';
import { html, type SafeHtml } from '../pages/html';
import { inboxPage, type InboxEntry } from '../pages/inbox-page';
import { layout, type PageFrame } from '../pages/layout';
import { messageBody } from '../pages/message-page';
import { pendingSection, runFacts, runPage } from '../pages/run-page';
import { runsPage } from '../pages/runs-page';
import { checkCsrf, csrfToken } from '../security/csrf';
import { setSecurityHeaders } from '../security/headers';
import { isLoopback } from '../security/loopback';
import { isSameOrigin } from '../security/same-origin';

/** A request handler for node:http, Express (`app.use(c.handler)`) and Fastify (on the raw request). */
export type ConsoleHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** A console made by {@link createConsole}. */
export interface ToolwrightConsole {
  /** The request handler; requests outside `basePath` go to `next` (or get a 404 without one). */
  readonly handler: ConsoleHandler;
  /** Where the console is mounted (`''` for the root). */
  readonly basePath: string;
  /** True when no agents were given: runs are shown, not decided. */
  readonly readOnly: boolean;
  /** True when no `authorize` was given: only loopback requests are answered. */
  readonly loopbackOnly: boolean;
  /** Waits for the resumes the console started. */
  close(): Promise<void>;
}

const PAGE_SIZE = 50;
const INBOX_RUNS = 50;

/**
 * The approvals inbox and run viewer over a run store, as a request handler.
 *
 * @example
 * const c = createConsole({ store, agents: [agent], authorize: (req) => (req.headers['x-user'] ? { user: String(req.headers['x-user']) } : false), basePath: '/console' });
 * http.createServer(c.handler).listen(4000);
 */
export function createConsole(options: ConsoleOptions): ToolwrightConsole {
  if (typeof options !== 'object' || options === null) throw new UserError('createConsole(options): pass { store, agents?, authorize, basePath? }.');
  const candidate = options.store as RunStore;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.inspect !== 'function') {
    throw new UserError('createConsole({ store }): store must be a RunStore (new MemoryRunStore(), new PostgresRunStore(...), new RedisRunStore(...)).');
  }
  if (!hasRunRecords(candidate)) {
    throw new UserError('createConsole({ store }): this store does not keep run records (recordRun, appendEvents, listRuns, getRunView); use MemoryRunStore, PostgresRunStore or RedisRunStore of this version.');
  }
  const store: RunStore & RunRecords = candidate;
  if (options.authorize !== undefined && typeof options.authorize !== 'function') {
    throw new UserError('createConsole({ authorize }): authorize must be a function (req) => false | { user }.');
  }
  const agents = options.agents ?? [];
  if (!Array.isArray(agents) || agents.some((a) => typeof a !== 'object' || a === null || typeof (a as { name?: unknown }).name !== 'string')) {
    throw new UserError('createConsole({ agents }): agents must be an array of Agent objects.');
  }
  const basePath = normaliseBasePath(options.basePath);
  const pollMs = options.pollMs ?? 500;
  if (!Number.isFinite(pollMs) || pollMs < 50 || pollMs > 60_000) throw new UserError('createConsole({ pollMs }): pollMs must be from 50 to 60,000 milliseconds.');
  const authorize: ConsoleAuthorize = options.authorize ?? ((req) => (isLoopback(req) ? { user: 'local' } : false));
  const loopbackOnly = options.authorize === undefined;
  if (loopbackOnly) {
    process.emitWarning('createConsole: no authorize function was given, so the console answers loopback requests only (as the user "local"). Pass authorize: (req) => false | { user } to serve others.', 'ToolwrightConsoleWarning');
  }
  const readOnly = agents.length === 0;
  const running = new Set<Promise<unknown>>();
  const decisions: DecisionHost = {
    store,
    agents,
    runner: options.runner ?? new Runner(),
    track(work) {
      // A failed resume is in the run's record (failed) and in the server's log.
      const p = work.catch((error: unknown) => process.emitWarning(`Toolwright console: resuming a run failed: ${(error as Error)?.stack ?? String(error)}`, 'ToolwrightConsoleWarning')).finally(() => running.delete(p));
      running.add(p);
    },
  };

  const frame = (title: string, section: PageFrame['section'], user: string): PageFrame => ({ title, basePath, user, section, loopbackOnly, readOnly });

  async function pendingOf(runId: string | undefined): Promise<StoredInterruption[]> {
    if (runId === undefined) return [];
    try {
      const info = await store.inspect(runId);
      return info.status === 'paused' ? info.interruptions.filter((c) => info.decisions[c.callId] === undefined) : [];
    } catch {
      return [];
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): Promise<void> {
    const url = new URL((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/', 'http://console.invalid');
    const path = url.pathname;
    if (basePath !== '' && path !== basePath && !path.startsWith(`${basePath}/`)) {
      if (next) return next();
      return sendText(res, 404, 'Not found');
    }
    const route = path.slice(basePath.length) || '/';
    setSecurityHeaders(res);
    let identity: ConsoleIdentity | false;
    try {
      identity = await authorize(req);
    } catch {
      identity = false;
    }
    if (!identity || typeof identity !== 'object' || typeof identity.user !== 'string' || identity.user === '') {
      res.setHeader('WWW-Authenticate', 'Bearer realm="toolwright-console"');
      return sendText(res, loopbackOnly ? 403 : 401, loopbackOnly ? 'Forbidden: without an authorize function this console answers loopback requests only.' : 'Unauthorized.');
    }
    const user = identity.user.slice(0, 200);
    const method = req.method ?? 'GET';

    if (route === '/assets/console.js') return sendText(res, 200, CONSOLE_JS, 'text/javascript; charset=utf-8');
    if (route === '/assets/console.css') return sendText(res, 200, CONSOLE_CSS, 'text/css; charset=utf-8');

    if (method === 'POST') return handlePost(req, res, route, user);
    if (method !== 'GET' && method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD, POST');
      return sendText(res, 405, 'Method not allowed.');
    }
    const csrf = csrfToken(req, res, basePath || '/');

    if (route === '/') {
      const status = url.searchParams.get('status') || undefined;
      const agent = url.searchParams.get('agent') || undefined;
      const cursor = url.searchParams.get('cursor') || undefined;
      let page;
      try {
        page = await store.listRuns({ ...(status ? { status: status as never } : {}), ...(agent ? { agent } : {}), ...(cursor ? { cursor } : {}), limit: PAGE_SIZE });
      } catch (error) {
        if (error instanceof UserError) return sendHtml(res, 400, layout(frame('Runs', 'runs', user), messageBody('Bad filter', error.message, { href: `${basePath}/`, label: 'All runs' })));
        throw error;
      }
      return sendHtml(res, 200, layout(frame('Runs', 'runs', user), runsPage(basePath, page, { status, agent, cursor }, agents.map((a) => a.name))));
    }

    if (route === '/inbox') {
      const page = await store.listRuns({ status: 'paused', limit: INBOX_RUNS });
      const entries: InboxEntry[] = [];
      for (const run of page.runs) {
        const calls = await pendingOf(run.runId);
        if (calls.length > 0) entries.push({ run, runKey: run.runId!, calls });
      }
      entries.reverse();
      return sendHtml(res, 200, layout(frame('Inbox', 'inbox', user), inboxPage({ base: basePath, csrf, canDecide: !readOnly }, entries, page.nextCursor !== undefined)));
    }

    const live = /^\/runs\/([^/]+)\/live$/.exec(route);
    if (live) {
      const key = decodeURIComponent(live[1]!);
      const after = Number(req.headers['last-event-id'] ?? url.searchParams.get('after') ?? 0);
      const render = async (runKey: string) => {
        const view = await store.getRunView(runKey, { afterSeq: Number.MAX_SAFE_INTEGER });
        if (!view) return undefined;
        const pending = await pendingOf(view.run.runId);
        const ctx = { base: basePath, runKey: view.run.runId ?? view.run.id, csrf, canDecide: !readOnly };
        return { version: versionOf(view.run, pending), facts: runFacts(view), pending: pendingSection(ctx, pending) };
      };
      return streamRun(req, res, store, key, Number.isSafeInteger(after) && after >= 0 ? after : 0, url.searchParams.get('v') ?? '', render, pollMs);
    }

    const run = /^\/runs\/([^/]+)$/.exec(route);
    if (run) {
      const key = safeDecode(run[1]!);
      const view = key === undefined || key.length > 512 ? undefined : await store.getRunView(key);
      if (!view) return sendHtml(res, 404, layout(frame('Run not found', 'run', user), messageBody('Run not found', `There is no run ${key ?? ''} in the store.`, { href: `${basePath}/`, label: 'All runs' })));
      const pending = await pendingOf(view.run.runId);
      const runKey = view.run.runId ?? view.run.id;
      const notice = noticeOf(url.searchParams.get('notice'));
      const body = runPage({ base: basePath, runKey, csrf, canDecide: !readOnly }, view, pending, notice, versionOf(view.run, pending));
      return sendHtml(res, 200, layout(frame(`Run ${runKey}`, 'run', user), body));
    }
    return sendHtml(res, 404, layout(frame('Not found', 'runs', user), messageBody('Not found', 'There is no such page in the console.', { href: `${basePath}/`, label: 'All runs' })));
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse, route: string, user: string): Promise<void> {
    const m = /^\/runs\/([^/]+)\/calls\/([^/]+)\/(approve|reject|edit|validate)$/.exec(route);
    if (!m) return sendText(res, 404, 'Not found.');
    // Cross-site requests are refused before the body is read.
    if (!isSameOrigin(req)) return sendText(res, 403, 'Forbidden: state-changing requests must come from the console itself (same origin).');
    let form: Record<string, string>;
    try {
      form = await readForm(req);
    } catch (error) {
      if (error instanceof BodyError) return sendText(res, error.status, error.message);
      throw error;
    }
    if (!checkCsrf(req, form._csrf)) return sendText(res, 403, 'Forbidden: the CSRF token is missing or wrong; reload the page and try again.');
    const runKey = safeDecode(m[1]!);
    const callId = safeDecode(m[2]!);
    if (runKey === undefined || callId === undefined || runKey.length > 512 || callId.length > 512) return sendText(res, 400, 'Bad run or call id.');
    const action = m[3]!;
    const back = { href: `${basePath}/runs/${encodeURIComponent(runKey)}`, label: 'Back to the run' };
    if (readOnly) return sendHtml(res, 409, layout(frame('Read-only', 'run', user), messageBody('Read-only', 'This console was started without agents and cannot decide calls.', back)));

    if (action === 'validate') {
      const info = await store.inspect(runKey).catch(() => undefined);
      const call = info?.interruptions.find((c) => c.callId === callId);
      if (!call) return sendJson(res, 404, { ok: false, violations: ['This call is no longer waiting for a decision.'] });
      const check = checkEditedArguments(findTool(findAgent(agents, call.agent) ?? agents[0], call.toolName), call.toolName, form.arguments ?? '', callId);
      return sendJson(res, 200, check.ok ? { ok: true } : { ok: false, violations: check.violations });
    }
    const decision: ConsoleDecision =
      action === 'approve' ? { kind: 'approve' }
      : action === 'reject' ? { kind: 'reject', ...(form.message ? { message: form.message } : {}) }
      : { kind: 'edit', argumentsJson: form.arguments ?? '' };
    const outcome = await decideCall(decisions, runKey, callId, decision, user);
    if (outcome.ok) return redirect(res, `${back.href}?notice=${outcome.resumed ? 'resumed' : 'decided'}`);
    const message: SafeHtml = html`<p>${outcome.message}</p>${outcome.violations ? html`<ul class="violations">${outcome.violations.map((v) => html`<li>${v}</li>`)}</ul>` : ''}`;
    return sendHtml(res, outcome.status, layout(frame(outcome.title, 'run', user), messageBody(outcome.title, message, back)));
  }

  const handler: ConsoleHandler = (req, res, next) => {
    handle(req, res, next).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // The error's text stays in the server's log; the page names no internals.
      process.emitWarning(`Toolwright console: ${(error as Error)?.stack ?? String(error)}`, 'ToolwrightConsoleWarning');
      sendText(res, 500, 'The console failed to answer; see the server log.');
    });
  };

  return {
    handler,
    basePath,
    readOnly,
    loopbackOnly,
    async close() {
      await Promise.allSettled([...running]);
    },
  };
}

function versionOf(run: { status: string; updatedAt: number; eventCount: number }, pending: readonly StoredInterruption[]): string {
  return `${run.status}:${run.eventCount}:${pending.map((c) => c.callId).join(',')}`;
}

function noticeOf(code: string | null): SafeHtml | undefined {
  if (code === 'resumed') return html`<p class="notice" role="status">Decided: the run is resuming.</p>`;
  if (code === 'decided') return html`<p class="notice" role="status">Decided: the run resumes once every pending call is decided.</p>`;
  return undefined;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function normaliseBasePath(basePath: unknown): string {
  if (basePath === undefined || basePath === '' || basePath === '/') return '';
  if (typeof basePath !== 'string' || !/^\/[A-Za-z0-9._~\-/]*$/.test(basePath)) {
    throw new UserError(`createConsole({ basePath }): basePath must be a path such as "/console" (got ${JSON.stringify(basePath)}).`);
  }
  return basePath.replace(/\/+$/, '');
}

