// Writes the corpus states of the CURRENT run-state format into `v<version>/`, once per format:
//   TOOLWRIGHT_WRITE_RUN_STATE_CORPUS=1 npx jest --selectProjects packages/core --testPathPatterns write-corpus
// Run it only when the format's version changes (and never over a released version's directory).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_STATE_VERSION } from '@toolwright/core';
import { CORPUS_SCENARIOS, corpusWorld } from './corpus-scenarios';

export async function writeCorpus(): Promise<string> {
  const dir = join(__dirname, `v${RUN_STATE_VERSION}`);
  if (existsSync(dir)) throw new Error(`${dir} exists: a released format's corpus is frozen. Bump the format version first.`);
  mkdirSync(dir);
  for (const scenario of CORPUS_SCENARIOS.filter((s) => (s.since ?? 1) <= RUN_STATE_VERSION)) writeFileSync(join(dir, scenario.file), await scenario.write(corpusWorld()));
  return dir;
}
