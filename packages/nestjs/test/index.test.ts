import 'reflect-metadata';
import * as api from '../src';

describe('@toolwright/nestjs public surface', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        'AgentDefinition', 'AgentRegistry', 'InjectAgent', 'TOOLWRIGHT_MODULE_OPTIONS', 'ToolkitRegistry', 'ToolwrightFeatureModule',
        'ToolwrightModule', 'getAgentToken', 'RUN_STORE', 'InjectRunStore',
        'ToolwrightExecutionContext', 'TOOLWRIGHT_CONTEXT_TYPE', 'isToolCall',
        'ToolwrightExceptionFilter', 'httpStatusOf', 'CLIENT_CLOSED_REQUEST', 'ClientDisconnectedError', 'ApplicationShutdownError',
        'RunSignal', 'requestSignal',
      ].sort(),
    );
  });
});
