/** Where the CLI writes and what it runs in; replaced in tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** Whether stderr is a terminal (compiler diagnostics then get colours and code frames). */
  isTerminal?: boolean;
}

/** The process's own streams and directory. */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTerminal: process.stderr.isTTY === true,
};
