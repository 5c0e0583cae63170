import { Controller, Get, Param } from '@nestjs/common';
import { messageText } from '@toolwright/core';
import { RunContextFromRequest, type ChatContext } from '../context/chat-context';
import { ConversationSessions } from './conversation-sessions';

/** One entry of a conversation as the API shows it. */
export interface ConversationEntry {
  type: string;
  role?: string;
  text?: string;
  callId?: string;
  toolName?: string;
}

/** `GET /conversations/:id`: the caller's conversation so far (what the model is shown next time). */
@Controller('conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationSessions) {}

  @Get(':id')
  async get(@Param('id') id: string, @RunContextFromRequest() context: ChatContext): Promise<ConversationEntry[]> {
    const session = this.conversations.sessionFor({ ...context, conversation: id });
    const items = (await session?.getItems()) ?? [];
    return items.map((item): ConversationEntry => {
      if (item.type === 'message') return { type: 'message', role: item.role, text: messageText(item) };
      if (item.type === 'function_call') return { type: 'function_call', callId: item.callId, toolName: item.name };
      if (item.type === 'function_call_output') return { type: 'function_call_output', callId: item.callId };
      return { type: item.type };
    });
  }
}
