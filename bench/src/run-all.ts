/**
 * The bench workspace's `npm run bench` (`npm run bench -w bench -- <options>` passes the options
 * here): the scenarios of main.ts with the options given, then the run stores
 * (stores/store.bench.ts). `--only=` takes main.ts's scenario names and `stores`: the stores run
 * when it names them or there is no `--only`; main.ts runs when it names any other scenario.
 * `--quick` goes to both. Exits with the first failing part's code.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const args = process.argv.slice(2);
const onlyArg = args.find((arg) => arg.startsWith('--only='));
const only = onlyArg?.slice('--only='.length).split(',').filter(Boolean);
const scenarios = only?.filter((name) => name !== 'stores');
const parts: Array<{ script: string; args: string[] }> = [];
if (scenarios === undefined || scenarios.length > 0) {
  const rest = args.filter((arg) => arg !== onlyArg);
  parts.push({ script: 'main.js', args: scenarios === undefined ? rest : [...rest, `--only=${scenarios.join(',')}`] });
}
if (only === undefined || only.includes('stores')) parts.push({ script: path.join('stores', 'store.bench.js'), args: args.includes('--quick') ? ['--quick'] : [] });
if (parts.length === 0) throw new Error(`--only: names no scenario (${onlyArg}); name main.ts's scenarios and/or "stores"`);

for (const part of parts) {
  const result = spawnSync(process.execPath, [path.join(__dirname, part.script), ...part.args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
