'use strict';
// The performance table of the root README, made from bench/RESULTS.md (which `npm run bench`
// writes): the rows of its main table, figures only (medians), with the targets. `npm run bench`
// calls it after a full run; `node scripts/bench-readme.js --check` fails when the README's
// table is not the one RESULTS.md gives (scripts/test/bench-readme.test.ts runs that check).
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const START = '<!-- bench table: start (generated from bench/RESULTS.md by scripts/bench-readme.js) -->';
const END = '<!-- bench table: end -->';

/**
 * Splits one markdown table row into its cells (a `\|` inside a cell stays in it).
 * @param {string} line
 * @returns {string[]}
 */
function cellsOf(line) {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/**
 * The README table for a RESULTS.md text: every row of its main table except the derived ones
 * ("over floor", the RSS before a run), medians without their ranges, then where it comes from.
 * @param {string} results the text of bench/RESULTS.md
 * @returns {string}
 */
function readmeTable(results) {
  const lines = results.split('\n');
  const headerAt = lines.findIndex((line) => line.startsWith('| Scenario | Metric |'));
  if (headerAt < 0) throw new Error('bench/RESULTS.md has no results table (| Scenario | Metric | ...): run `npm run bench`');
  const header = cellsOf(lines[headerAt]);
  const adapters = header.slice(2, header.indexOf('vs best peer'));
  const targetAt = header.indexOf('Toolwright target');
  const metAt = header.indexOf('met');
  const out = [
    `| | ${adapters.join(' | ')} | Toolwright target |`,
    `|---|${adapters.map(() => '---:').join('|')}|---:|`,
  ];
  for (const line of lines.slice(headerAt + 2)) {
    if (!line.startsWith('|')) break;
    const cells = cellsOf(line);
    const [scenario, metric] = cells;
    // Derived rows are left out, unless they carry a target (Define's is over the floor).
    if (/over floor|before the run/.test(metric) && !cells[targetAt]) continue;
    const figures = cells.slice(2, 2 + adapters.length).map((cell) => cell.replace(/\s*<sub>.*?<\/sub>/, ''));
    const target = cells[targetAt] ? `${cells[targetAt]}${cells[metAt] === '**no**' ? ' (not met)' : cells[metAt] === 'yes' ? ' ✓' : ''}` : '';
    out.push(`| ${scenario}: ${metric} | ${figures.join(' | ')} | ${target} |`);
  }
  const date = /^- Date: ([^;]+)/m.exec(results)?.[1] ?? 'unknown date';
  const load = /^- Load average \(1\/5\/15 min\) before: (.*)$/m.exec(results)?.[1] ?? 'unknown';
  const quick = results.includes('**Quick run**') ? ' A quick run (fewer repetitions).' : '';
  out.push('', `Medians from [bench/RESULTS.md](bench/RESULTS.md) (${date}; load average before: ${load}), where the ranges, the ratios to the best peer and the machine are.${quick}`);
  return out.join('\n');
}

/**
 * The README text with its table block replaced by the one `results` gives.
 * @param {string} readme
 * @param {string} results
 */
function withTable(readme, results) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no block between "${START}" and "${END}"`);
  return `${readme.slice(0, start + START.length)}\n${readmeTable(results)}\n${readme.slice(end)}`;
}

/**
 * Rewrites README.md's table from bench/RESULTS.md; with `check`, only reports whether it is current.
 * @param {{ check?: boolean, root?: string }} [options]
 * @returns {boolean} whether README.md was already current
 */
function syncReadme(options = {}) {
  const root = options.root ?? ROOT;
  const readmePath = path.join(root, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const next = withTable(readme, fs.readFileSync(path.join(root, 'bench', 'RESULTS.md'), 'utf8'));
  if (next === readme) return true;
  if (!options.check) fs.writeFileSync(readmePath, next);
  return false;
}

module.exports = { readmeTable, withTable, syncReadme, START, END };

if (require.main === module) {
  const check = process.argv.includes('--check');
  const current = syncReadme({ check });
  if (check && !current) {
    process.stderr.write('README.md: the performance table is not the one bench/RESULTS.md gives; run `node scripts/bench-readme.js`\n');
    process.exit(1);
  }
  if (!check) process.stdout.write(current ? 'README.md table already current\n' : 'README.md table rewritten from bench/RESULTS.md\n');
}
