// The programs from Debian that tests (and the benchmarks) run, in one place: which package brings
// each, where it is found, and what in a test file's source starts it. The test runner reads a
// file's source before running it: a file that calls `startBrowser('firefox')` needs firefox-esr,
// and when firefox-esr is missing the runner installs it (as root, with apt-get, as CI runs) or
// skips the file with one line naming the package. The test helpers (and the benchmarks) find the
// programs here too, so a test and the runner never disagree on whether a program is there.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * `command`: the program's name on PATH; `env`: a variable that names its path instead (a browser
 * installed elsewhere); `calls`: what, in a test file, starts it (the helpers' functions, or a
 * spawn of the command itself). `startBrowser(name)` with a name not written out needs both browsers.
 */
export const PROGRAMS = [
  { command: 'chromium', package: 'chromium', env: 'CHROMIUM_PATH', calls: /\bstartEditorsSite\(|\bstartBrowser\((?!\s*['"]firefox['"])/ },
  { command: 'firefox-esr', package: 'firefox-esr', env: 'FIREFOX_PATH', calls: /\bstartBrowser\((?!\s*\)|\s*['"]chromium['"])/ },
  { command: 'redis-server', package: 'redis-server', calls: /\bstartRedis\(/ },
  { command: 'git', package: 'git', calls: /\b(?:spawn|spawnSync|execFile|execFileSync)\(\s*['"]git['"]/ },
  // The examples of README and docs/ are curl commands (test/docs): a test that runs them asks for it by name.
  { command: 'curl', package: 'curl', calls: /\bfindProgram\(\s*['"]curl['"]/ },
];

function isProgram(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Where `program` is: the path its `env` variable names (when set: then only there), else the
 * first `command` on PATH. Undefined when it is missing.
 * @example locate(PROGRAMS[0]) // '/usr/bin/chromium'
 */
export function locate(program, env = process.env) {
  const named = program.env ? env[program.env] : undefined;
  if (named) return isProgram(named) ? named : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isProgram(join(dir, program.command))) return join(dir, program.command);
  }
  return undefined;
}

/**
 * Where the program `command` is, for the helpers that start it; when it is missing, an error
 * saying which package to install (or which variable names its path).
 * @example const chromium = findProgram('chromium');
 */
export function findProgram(command, env = process.env) {
  const program = PROGRAMS.find((candidate) => candidate.command === command);
  if (!program) throw new Error(`${command} is not one of the programs of scripts/programs.mjs`);
  const path = locate(program, env);
  if (!path) throw new Error(`${missingMessage([program])}${program.env ? `, or set ${program.env} to its path` : ''}: it was not found${program.env && env[program.env] ? ` at ${env[program.env]}` : ' on PATH'}`);
  return path;
}

/**
 * What to tell someone who lacks `programs`: the packages, and the command that installs them.
 * @example missingMessage([PROGRAMS[2]]) // 'needs redis-server (apt-get install redis-server)'
 */
export function missingMessage(programs) {
  const names = programs.map((program) => program.command);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `needs ${listed} (apt-get install ${programs.map((program) => program.package).join(' ')})`;
}
