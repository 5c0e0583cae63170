/** What a person decided about a pending call. */
export type ConsoleDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; message?: string }
  | { kind: 'edit'; argumentsJson: string };

/** The outcome of a decision, as the page reports it. */
export type DecisionOutcome =
  | { ok: true; resumed: boolean }
  | { ok: false; status: number; title: string; message: string; violations?: string[] };
