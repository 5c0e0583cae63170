import 'reflect-metadata';
import * as api from '../src';
import * as extend from '../src/extend';
import * as internal from '../src/internal';
import * as testing from '../src/testing';

describe('@toolwright/core public surface', () => {
  it('exports exactly these runtime names', () => {
    // Grouped as in src/index.ts. Adding or removing a runtime export must update this list.
    const expected = [
      // Errors
      'ToolwrightError', 'UserError', 'ToolDefinitionError', 'ToolArgumentsError', 'ToolTimeoutError', 'ToolCallError',
      'GuardrailTripwireError', 'MaxTurnsExceededError', 'ModelRefusalError', 'OutputValidationError', 'Output', 'RunStateError', 'ModelError', 'RunCancelledError',
      'ConsecutiveToolFailuresError', 'HookError', 'ToolTaskError', 'ToolCancelledError', 'RateLimitError', 'BudgetExceededError',
      // Limits
      'TOOLWRIGHT_LIMITS',
      // Results, content and items
      'Content', 'ToolResult', 'toToolResult', 'toModelOutput', 'emptyUsage', 'addUsage',
      'userMessage', 'assistantMessage', 'messageText',
      // Guardrails and interceptors
      'GuardrailOutcome', 'defineToolInputGuardrail', 'defineToolOutputGuardrail',
      'defineInputGuardrail', 'defineOutputGuardrail', 'REFUSED_OUTPUT_NOTICE', 'RUNNING_TASK_TOOLS',
      // Toolsets, handoffs, agents
      'isToolset', 'ToolSearchToolset', 'Handoff', 'handoff', 'defaultHandoffToolName', 'Agent',
      // Models and running
      'ScriptedModel', 'Runner', 'defaultToolErrorText', 'RunState', 'RUN_STATE_FORMAT', 'RUN_STATE_VERSION', 'RunStream',
      // Run stores and the call ledger
      'MemoryRunStore', 'MemorySession', 'SessionBusyError', 'SESSION_LIMITS', 'RunAlreadyClaimedError', 'RunNotFoundError', 'UnfinishedToolCallError', 'RunStoreError',
      'DEFAULT_RUN_TTL_MS', 'DEFAULT_COMPLETED_TTL_MS', 'DEFAULT_LEASE_MS',
      // Runs kept with their timeline
      'hasRunRecords', 'RUN_RECORD_STATUSES', 'RUN_RECORD_LIMITS',
      // Approvals and duplicate calls
      'DEFAULT_REJECTION_MESSAGE', 'defineApprovalPolicy', 'requireApprovalFor', 'ToolInterruption', 'CONFIRM_DUPLICATE_PARAMETER',
      // Rate limits and budgets
      'rateLimit', 'memoryRateLimiter',
      // Risk annotations and plan mode
      'effectiveAnnotations', 'SUBMIT_PLAN_TOOL',
      // Declaring tools
      'defineTool', 'TOOL_NAME_PATTERN', 'isValidToolName', 'toSnakeCase', 'toStrictSchema', 'DEFAULT_STRICT_LIMITS',
      'parseToolArguments',
      // Decorators and toolkits
      'Toolkit', 'Tool', 'Param', 'Args', 'Ctx', 'UseGuardrails', 'UseInterceptors', 'RequiresApproval', 'RateLimit', 'HideTool',
      'toolsOf',
      // Metadata and schema manifests
      'loadSchemaManifest', 'SCHEMA_MANIFEST_FILE', 'SCHEMA_MANIFEST_VERSION',
    ];
    expect(Object.keys(api).sort()).toEqual([...expected].sort());
  });

  it('has no default export', () => {
    expect('default' in api).toBe(false);
  });
});

describe('@toolwright/core/extend (integrators, store and sandbox authors)', () => {
  it('exports exactly these runtime names', () => {
    const expected = [
      'executeToolCall', 'markFatalError', 'approvalHandlerOf', 'toolCallNeedsApproval', 'strictArgumentsText', 'naturalArgumentsText', 'naturalSchemaOf', 'MAX_TIME_LIMIT_MS', 'timeLimitProblem',
      'runStoreKit', 'sessionKit', 'setToolsOf', 'loadOptionalPeer', 'isToolkitInstance', 'SCHEMA_EXPRESSIBLE_VALIDATORS', 'STRICT_KEYWORD_RULES', 'FORBIDDEN_ARGUMENT_KEYS',
      'flexibleRateLimiter', 'runRecordKit',
    ];
    expect(Object.keys(extend).sort()).toEqual([...expected].sort());
  });
});

describe('@toolwright/core/testing (contract suites)', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(testing).sort()).toEqual(['CONTRACT_SECRET', 'historyProblems', 'runStoreContract', 'sessionContract', 'testGlobals']);
  });
});

describe('the public entries', () => {
  it('export no name from two of them', () => {
    const entries = { '@toolwright/core': api, '@toolwright/core/extend': extend, '@toolwright/core/testing': testing };
    const owners = new Map<string, string[]>();
    for (const [entry, names] of Object.entries(entries)) for (const name of Object.keys(names)) owners.set(name, [...(owners.get(name) ?? []), entry]);
    expect([...owners].filter(([, found]) => found.length > 1)).toEqual([]);
  });
});

describe('@toolwright/core/internal (for sibling packages)', () => {
  it('exports exactly these runtime names', () => {
    const expected = [
      'MetadataStorage', 'getMetadataStorage', 'memberManifestKey', 'parseEmbeddedSchema', 'checkEmbeddedSchema',
      'splitCamelCase', 'headTail', 'toSnakeCase', 'isTool', 'flattenEntries', 'ancestryOf', 'SCHEMA_EXPRESSIBLE_VALIDATORS',
      'SCHEMA_VALIDATOR_DECORATORS', 'portableStrictSchema', 'restoreStrictSideTables', 'validateEditedArguments', 'staticTools', 'compiledArgumentsOf', 'applyNullPlan',
    ];
    expect(Object.keys(internal).sort()).toEqual([...expected].sort());
  });

  it('keeps the metadata storage out of the public entry', () => {
    expect('getMetadataStorage' in api).toBe(false);
    expect('MetadataStorage' in api).toBe(false);
  });
});
