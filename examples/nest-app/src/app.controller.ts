import { Controller, Get } from '@nestjs/common';
import { AgentRegistry, ToolkitRegistry } from '@toolwright/nestjs';

/** What Toolwright discovered: `GET /toolkits` and `GET /agents`. */
@Controller()
export class AppController {
  constructor(
    private readonly toolkits: ToolkitRegistry,
    private readonly agents: AgentRegistry,
  ) {}

  @Get('toolkits')
  listToolkits(): Array<{ name: string; class: string; module: string; scope: string; tools: string[] }> {
    return this.toolkits.list().map((t) => ({ name: t.name, class: t.toolkitClass.name, module: t.module, scope: t.scope, tools: t.tools }));
  }

  @Get('agents')
  listAgents(): Array<{ name: string }> {
    return this.agents.list().map((a) => ({ name: a.name }));
  }
}
