import { Module } from '@nestjs/common';
import { ConversationSessions } from './conversation-sessions';
import { ConversationsController } from './conversations.controller';

@Module({
  controllers: [ConversationsController],
  providers: [ConversationSessions],
  exports: [ConversationSessions],
})
export class ConversationsModule {}
