import { Module } from '@nestjs/common';
import type { Model } from '@toolwright/core';
import { ToolwrightModule } from '@toolwright/nestjs';
import { AgentsModule } from './agents/agents.module';
import { AppController } from './app.controller';
import { AuditModule } from './audit/audit.module';
import { persistedChatContext, type ChatContext } from './context/chat-context';
import { ConversationSessions } from './conversations/conversation-sessions';
import { ConversationsModule } from './conversations/conversations.module';
import { MODEL, ModelModule } from './model/model.module';
import { QueuedRunsModule } from './queued-runs/queued-runs.module';
import { RunsModule } from './runs/runs.module';

/** How long runs in flight may finish when the application shuts down (SHUTDOWN_GRACE_MS, default 10 s). */
export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
  return Number.isFinite(value) && value >= 0 ? value : 10_000;
}

@Module({
  imports: [
    ToolwrightModule.forRootAsync({
      imports: [ModelModule, ConversationsModule],
      inject: [MODEL, ConversationSessions],
      useFactory: (model: Model, conversations: ConversationSessions) => ({
        model,
        // Each run continues the conversation its request names (x-conversation-id).
        sessionFor: (context: ChatContext | undefined) => conversations.sessionFor(context),
        // A paused run keeps who asked, for which tenant, in its signed state.
        runner: { maxTurns: 8, maxToolConcurrency: 4, persistContext: persistedChatContext },
        shutdownGraceMs: shutdownGraceMs(),
      }),
    }),
    AuditModule,
    AgentsModule,
    RunsModule,
    ConversationsModule,
    // Runs as BullMQ jobs with REDIS_URL set; nothing without it.
    QueuedRunsModule.fromEnv(),
  ],
  controllers: [AppController],
})
export class AppModule {}
