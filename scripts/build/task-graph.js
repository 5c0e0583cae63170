'use strict';
// A small runner for the commands of `npm run build` and `npm test`: each task starts once the
// tasks it comes after have ended well, as many at a time as the machine has cores (a task that
// mostly waits, such as an apt-get download, takes no core). A task's output is printed when it
// ends, in one piece, so two tasks' lines never mix. The first failure starts no further task,
// lets the running ones end, and becomes the exit code.
const { spawn } = require('child_process');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');

/**
 * @typedef {object} Task
 * @property {string} name unique; what other tasks name in `after`
 * @property {string} command run through the shell, as npm runs a script
 * @property {string} [cwd] default: the repository root
 * @property {string[]} [after] tasks that must have ended well first (unknown names are ignored)
 * @property {boolean} [usesCore] false for a task that mostly waits (default true)
 * @property {boolean} [quiet] print its output only when it fails
 */

/**
 * Runs `command` through the shell with `node_modules/.bin` of `cwd` and of the repository first
 * on the PATH, as npm runs a script; collects its output.
 * @returns {Promise<{ code: number, output: string }>}
 */
function runCommand(command, cwd) {
  const bins = [path.join(cwd, 'node_modules', '.bin'), path.join(ROOT, 'node_modules', '.bin')];
  const env = { ...process.env, PATH: [...bins, process.env.PATH].join(path.delimiter) };
  return new Promise((resolve) => {
    const child = spawn(command, { cwd, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/**
 * Runs `tasks` in the order given wherever two are ready at once; resolves to 0 when every task
 * ended well, else to the first failure's exit code.
 * @param {Task[]} tasks
 * @param {{ slots?: number }} [options] how many tasks that use a core run at once (default: the cores)
 * @returns {Promise<number>}
 */
function runTasks(tasks, options = {}) {
  const slots = Math.max(1, options.slots ?? os.availableParallelism());
  const names = new Set(tasks.map((task) => task.name));
  if (names.size !== tasks.length) throw new Error('runTasks: two tasks share a name');
  const pending = [...tasks];
  const done = new Set();
  const running = new Set();
  let busyCores = 0;
  let failure = 0;
  return new Promise((resolve) => {
    const ready = (task) => (task.after ?? []).every((name) => !names.has(name) || done.has(name));
    const startReady = () => {
      for (const task of [...pending]) {
        if (failure !== 0) break;
        const usesCore = task.usesCore !== false;
        if ((usesCore && busyCores >= slots) || !ready(task)) continue;
        pending.splice(pending.indexOf(task), 1);
        running.add(task.name);
        if (usesCore) busyCores += 1;
        const started = Date.now();
        void runCommand(task.command, task.cwd ?? ROOT).then(({ code, output }) => {
          running.delete(task.name);
          if (usesCore) busyCores -= 1;
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          if (!task.quiet || code !== 0) process.stdout.write(`\n> ${task.name} (${seconds} s)\n> ${task.command}\n${output}`);
          if (code !== 0) {
            process.stderr.write(`${task.name} failed (exit code ${code})\n`);
            failure ||= code;
          } else done.add(task.name);
          startReady();
        });
      }
      if (running.size === 0) {
        if (failure === 0 && pending.length > 0) {
          process.stderr.write(`no order can run ${pending.map((task) => task.name).join(', ')}: what they come after forms a cycle\n`);
          failure = 1;
        }
        resolve(failure);
      }
    };
    startReady();
  });
}

module.exports = { ROOT, runTasks };
