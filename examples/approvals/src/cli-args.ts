/** What the command line asked for. */
export interface CliArgs {
  prompt: string;
  /** Where the paused run's state is saved, and read from with `--resume`. */
  stateFile: string;
  resume: boolean;
  /** A decision for every pending call given on the command line (otherwise asked on stdin). */
  decision?: { approve: true } | { approve: false; message?: string };
  help: boolean;
}

export const DEFAULT_PROMPT = 'Ada says order A-17 (the espresso machine) arrived broken. Please refund her in full.';
export const DEFAULT_STATE_FILE = 'refund-approval.state.json';

export const USAGE = `Usage: node dist/main.js [prompt] [options]

Runs a support agent whose refund tool needs approval. When the run pauses, the pending calls
are printed and the run state is saved (signed) to the state file; then a decision is read.

Options:
  --approve            approve every pending call (no questions asked)
  --reject [message]   reject every pending call; the message is what the model is told
  --resume             continue the run saved in the state file (from an earlier invocation)
  --state <file>       the state file (default ${DEFAULT_STATE_FILE})
  --help               this text

Without --approve/--reject, each pending call is asked about on stdin:
  y = approve, n = reject (then a reason), s or end of input = keep the state file and stop.
Set TOOLWRIGHT_STATE_SECRET to sign the state with your own secret; OPENAI_API_KEY to use a real model.`;

/** Parses `argv` (without node and the script). Throws with a usage hint on bad input. */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { prompt: DEFAULT_PROMPT, stateFile: DEFAULT_STATE_FILE, resume: false, help: false };
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--approve') args.decision = { approve: true };
    else if (arg === '--reject') {
      const next = argv[i + 1];
      args.decision = next !== undefined && !next.startsWith('--') ? { approve: false, message: argv[++i] } : { approve: false };
    } else if (arg === '--resume') args.resume = true;
    else if (arg === '--state') {
      const file = argv[++i];
      if (!file) throw new Error('--state needs a file name.');
      args.stateFile = file;
    } else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}. Try --help.`);
    else words.push(arg);
  }
  if (words.length > 0) args.prompt = words.join(' ');
  return args;
}
