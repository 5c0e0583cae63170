import type { CalledToolRecord } from '../duplicates/duplicate-ledger';
import type { Usage } from '../result/usage';
import type { BudgetSpent } from '../errors/budget-exceeded.error';
import type { GuardrailDecision } from './guardrail-decisions';
import type { RunMetadata } from './run-metadata';

/** What a new state takes over from the state it resumes or the snapshot it is read from. @internal */
export interface CarriedProgress {
  turn: number;
  consecutiveFailedTurns: number;
  finalOutput: unknown;
  usage: Usage;
  modelUsage: Usage;
  toolUsage: Usage;
  disclosedTools: Iterable<string>;
  agentsThatUsedTools: Iterable<string>;
  calledTools: Iterable<[string, CalledToolRecord]>;
  metadata: RunMetadata;
  guardrailDecisions: readonly GuardrailDecision[];
  budgetSpent?: BudgetSpent;
}
