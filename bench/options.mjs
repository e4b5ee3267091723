// The benchmarks' command lines. Each script declares its options once, and that declaration is
// both the parser and the `--help` text: `--help` prints them and runs nothing, and an unknown
// option, or a value that does not fit, stops the script at once with one line naming it.
import { spawnSync } from 'node:child_process';
import { root } from './project.mjs';

/** A whole number above 0. */
export const count = (text) => (/^[1-9]\d*$/.test(text) ? Number(text) : undefined);
/** One of `choices`. */
export const oneOf = (...choices) => (text) => (choices.includes(text) ? text : undefined);
/** Some of `choices`, comma-separated. */
export const someOf = (...choices) => (text) => {
  const picked = text.split(',');
  return picked.every((choice) => choices.includes(choice)) ? picked : undefined;
};
/** Whole numbers above 0, comma-separated; or `none`: an empty list. */
export const counts = (text) => {
  if (text === 'none') return [];
  const numbers = text.split(',').map(count);
  return numbers.every((number) => number !== undefined) ? numbers : undefined;
};

const HELP = { name: 'help', about: 'print this, and run nothing' };

/** `--name <value>`, padded. */
const flag = (option) => `--${option.name}${option.value ? ` <${option.value}>` : ''}`;

/**
 * The text `--help` prints: `usage` (how the script is run, e.g. `npm run bench --`), what the
 * script does, then each option with what it does.
 * @param {{ usage: string, about: string, options: Array<{ name: string, value?: string, about: string }> }} spec
 */
export function helpText({ usage, about, options }) {
  const all = [...options, HELP];
  // A flag too long for the column has its text on the next line.
  const width = Math.min(28, Math.max(...all.map((option) => flag(option).length))) + 2;
  const line = (option) => (flag(option).length < width ? `  ${flag(option).padEnd(width)}${option.about}` : `  ${flag(option)}\n  ${''.padEnd(width)}${option.about}`);
  return [`Usage: ${usage} [options]`, '', about, '', 'Options:', ...all.map(line), ''].join('\n');
}

/**
 * The options given on the command line, by name (`watch-content` → `watchContent`): `true` for an
 * option that takes no value, else its value as `parse` reads it. With `--help`, prints the help
 * and exits; with an unknown option, or a value that does not fit, says so in one line and exits 1.
 * `spec.options`: `{ name, value?, parse?, about }`; an option with `value` takes one, read by
 * `parse` (the text as it is without one), which answers undefined for a value that does not fit.
 * @example const { docs = 1000 } = parseOptions({ usage: 'npm run bench --', about: '…', options: [{ name: 'docs', value: 'n', parse: count, about: 'documents' }] });
 */
export function parseOptions(spec, argv = process.argv.slice(2)) {
  const fail = (message) => usageError(spec, message);
  const values = {};
  for (let at = 0; at < argv.length; at++) {
    const [given, inline] = argv[at].split(/=(.*)/s);
    const option = [...spec.options, HELP].find((candidate) => `--${candidate.name}` === given);
    if (!option) fail(given.startsWith('-') ? `unknown option ${given}` : `unexpected argument ${given}`);
    const key = option.name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
    if (!option.value) {
      if (inline !== undefined) fail(`${given} takes no value`);
      values[key] = true;
      continue;
    }
    const text = inline ?? argv[++at];
    if (text === undefined || text.startsWith('--')) fail(`${given} takes <${option.value}>`);
    const value = (option.parse ?? String)(text);
    if (value === undefined) fail(`${given} takes <${option.value}>, not ${text}`);
    values[key] = value;
  }
  if (values.help) {
    process.stdout.write(helpText(spec));
    process.exit(0);
  }
  return values;
}

/**
 * Stops the script at once with one line: what is wrong with its command line.
 * @example usageError(spec, '--scenarios goes with --compare');
 */
export function usageError(spec, message) {
  process.stderr.write(`${message} (\`${spec.usage} --help\` lists the options)\n`);
  process.exit(1);
}

/** Builds `dist/` (`npm run build`) for the benchmark to run what users run. Exits if it fails. */
export function build() {
  const npm = process.env.npm_execpath;
  const args = ['run', 'build', '--silent'];
  const result = npm && /\.[cm]?js$/.test(npm) ? spawnSync(process.execPath, [npm, ...args], { cwd: root, stdio: 'inherit' }) : spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`npm run build failed${result.error ? `: ${result.error.message}` : ''}\n`);
    process.exit(1);
  }
}
