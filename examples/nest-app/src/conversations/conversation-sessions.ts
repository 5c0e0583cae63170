import { Injectable } from '@nestjs/common';
import { MemorySession, type Session } from '@toolwright/core';
import type { ChatContext } from '../context/chat-context';

/** Conversations kept at once by this demo store (the least recently used one goes first). */
const MAX_CONVERSATIONS = 1000;

/**
 * The conversations of the app: one `Session` per tenant, user and conversation id (the
 * `x-conversation-id` header), so a chat goes on across HTTP requests. This demo keeps them in
 * memory; with replicas, return `new PostgresSession({ pool, id })` (`@toolwright/postgres`) or
 * `new RedisSession({ client, id, ttlMs })` (`@toolwright/redis`) from `sessionFor` instead —
 * the id below works as it is.
 */
@Injectable()
export class ConversationSessions {
  private readonly sessions = new Map<string, Session>();

  /** The session of a run's context, or `undefined` when the request named no conversation. */
  sessionFor(context: ChatContext | undefined): Session | undefined {
    if (context?.conversation === undefined) return undefined;
    const id = JSON.stringify([context.tenant, context.user, context.conversation]);
    let session = this.sessions.get(id);
    if (session) this.sessions.delete(id);
    else session = new MemorySession(id, { maxItems: 200 });
    this.sessions.set(id, session);
    if (this.sessions.size > MAX_CONVERSATIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return session;
  }
}
