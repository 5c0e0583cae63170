import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ToolwrightExecutionContext, isToolCall } from '@toolwright/nestjs';
import { ANONYMOUS, type ChatContext } from '../context/chat-context';

/**
 * A Nest guard on the billing tools (`@UseGuards` of `@nestjs/common`): billing is for signed-in
 * users. On a tool call it reads the run context; a denial is fed to the model as a refusal, so
 * the assistant can tell the user to sign in. On an HTTP route it would read the request.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = isToolCall(context)
      ? ToolwrightExecutionContext.create(context).getContext<ChatContext>().user
      : context.switchToHttp().getRequest<{ header(name: string): string | undefined }>().header('x-user-id');
    if (user === undefined || user === ANONYMOUS) throw new ForbiddenException('Billing tools are for signed-in users; ask the user to sign in.');
    return true;
  }
}
