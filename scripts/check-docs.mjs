#!/usr/bin/env node
// The documentation check that `npm run lint` runs after the architecture check. It reads README.md
// and every Markdown file under docs/, and fails, one line per problem naming file:line, when:
//   1. a relative link (`[text](path)`, `[text](path#anchor)`, `[text](#anchor)`, an image
//      `![alt](path)`) points to a file that does not exist, outside the repository, or to an anchor
//      that no heading of the target Markdown file produces. Anchors follow GitHub's rules: the
//      heading's text lowercased, backticks and punctuation other than hyphens dropped, spaces made
//      hyphens, and a repeated heading given -1, -2… Links with a scheme (http:, https:, mailto:) are
//      not checked, and nothing inside code (fenced blocks, `inline code`) is a link;
//   2. docs/cli.md does not name a command that `folio --help` lists, or a subcommand that
//      `folio <command> --help` lists: a command is named when docs/cli.md writes `folio <command>`
//      (`folio <command> <subcommand>` for a subcommand) in code, with global options such as
//      `--dir site` allowed between them. The help is read from the build (`node bin/folio.js`), so
//      dist/ must exist; `--cli-help <file>` reads it from a JSON file instead,
//      `{ "folio": "<folio --help>", "<command>": "<folio <command> --help>", … }`.
// Usage: node scripts/check-docs.mjs [--root <dir>] [--cli-help <file>]   (default root: the repository)
// Exit: 0 clean, 1 problems, 2 usage error (or no build to ask for the help: run npm run build first).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE = 'usage: node scripts/check-docs.mjs [--root <dir>] [--cli-help <file>]';

function usage(message) {
  process.stderr.write(`docs: ${message}\n${USAGE}\n`);
  process.exit(2);
}

let root = fileURLToPath(new URL('..', import.meta.url));
let cliHelpFile = null;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--root' || arg === '--cli-help') {
    if (args[i + 1] === undefined) usage(`${arg} needs a ${arg === '--root' ? 'directory' : 'file'}`);
    if (arg === '--root') root = resolve(args[++i]);
    else cliHelpFile = resolve(args[++i]);
  } else if (arg.startsWith('--root=')) {
    root = resolve(arg.slice('--root='.length));
  } else if (arg.startsWith('--cli-help=')) {
    cliHelpFile = resolve(arg.slice('--cli-help='.length));
  } else if (arg === '--help' || arg === '-h') {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  } else {
    usage(`unknown argument ${arg}`);
  }
}
if (!existsSync(root) || !statSync(root).isDirectory()) usage(`${root} is not a directory`);
if (cliHelpFile !== null && !existsSync(cliHelpFile)) usage(`${cliHelpFile} does not exist`);

/** Paths as printed: relative to the root, `/`-separated. */
const shown = (file) => relative(root, file).split(sep).join('/');
const insideRoot = (file) => {
  const rel = relative(root, file);
  return !rel.startsWith('..') && !/^[a-zA-Z]:/.test(rel) && !rel.startsWith(sep);
};

function markdownFiles(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.md')) found.push(full);
  }
  return found;
}

/**
 * The lines of a Markdown text with what is code blanked out: the lines of fenced blocks (``` or ~~~,
 * indented or not) become empty, and inline code spans become spaces. `code[i]` holds the code of
 * line i (the fenced line itself, or its inline spans), for rule 2.
 */
function parse(text) {
  const lines = text.split('\n');
  const prose = [];
  const code = [];
  let fence = null;
  for (const line of lines) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      const closing = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
      if (closing && closing[1][0] === fence[0] && closing[1].length >= fence.length) fence = null;
      prose.push('');
      code.push(line);
    } else if (opening) {
      fence = opening[1];
      prose.push('');
      code.push('');
    } else {
      const spans = [];
      // A span opens with a run of backticks and closes with a run of the same length.
      const blanked = line.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span, _ticks, inner) => {
        spans.push(inner);
        return ' '.repeat(span.length);
      });
      prose.push(blanked);
      code.push(spans.join('\n'));
    }
  }
  return { lines, prose, code };
}

/** GitHub's anchor for a heading's text. */
function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text, not its target
    .replace(/<[^>]+>/g, '') // inline HTML
    .toLowerCase()
    .trim();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

const anchorsCache = new Map();
/** Every anchor a Markdown file's headings produce (ATX and setext), duplicates numbered. */
function anchorsOf(file) {
  if (anchorsCache.has(file)) return anchorsCache.get(file);
  const { lines, prose } = parse(readFileSync(file, 'utf8'));
  const anchors = new Set();
  const add = (heading) => {
    const base = slug(heading);
    let candidate = base;
    for (let n = 1; anchors.has(candidate); n++) candidate = `${base}-${n}`;
    anchors.add(candidate);
  };
  prose.forEach((line, i) => {
    if (/^ {0,3}#{1,6}(\s|$)/.test(line)) {
      add(lines[i].replace(/^ {0,3}#{1,6}\s*/, '').replace(/\s+#+\s*$/, ''));
      return;
    }
    const previous = i > 0 ? prose[i - 1] : '';
    if (/^ {0,3}(=+|-+)\s*$/.test(line) && previous.trim() !== '' && !/^\s*([-*+]|\d+[.)])\s/.test(previous) && !previous.includes('|')) {
      add(lines[i - 1].trim());
    }
  });
  anchorsCache.set(file, anchors);
  return anchors;
}

const problems = [];
const pages = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))].filter((file) => existsSync(file));
let linkCount = 0;

// Rule 1: every relative link lands on a file, and on a heading of it when it names one.
for (const file of pages) {
  const { prose } = parse(readFileSync(file, 'utf8'));
  prose.forEach((line, i) => {
    for (const match of line.matchAll(/!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s)]*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
      let target = match[1];
      if (target.startsWith('<')) target = target.slice(1, -1);
      if (target === '' || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(target) || target.startsWith('//')) continue;
      linkCount++;
      const where = `${shown(file)}:${i + 1}`;
      const hash = target.indexOf('#');
      const path = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? null : target.slice(hash + 1);
      let decoded = path;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        // Kept as written: a stray % names a file with that very name.
      }
      const landing = path === '' ? file : resolve(dirname(file), decoded);
      if (!insideRoot(landing)) {
        problems.push(`${where}: link to ${path} leaves the repository`);
        continue;
      }
      if (!existsSync(landing)) {
        problems.push(`${where}: link to ${path}: no such file (${shown(landing)})`);
        continue;
      }
      if (anchor === null || anchor === '' || !landing.endsWith('.md') || !statSync(landing).isFile()) continue;
      let wanted = anchor;
      try {
        wanted = decodeURIComponent(anchor);
      } catch {
        // As written.
      }
      if (!anchorsOf(landing).has(wanted.toLowerCase())) {
        problems.push(`${where}: link to ${path === '' ? '' : path}#${anchor}: no heading of ${shown(landing)} makes that anchor`);
      }
    }
  });
}

// Rule 2: docs/cli.md names every command and subcommand of `folio --help`.
/** The commands a commander help text lists under "Commands:", without `help`. */
function commandsIn(help) {
  const names = [];
  let inside = false;
  for (const line of help.split('\n')) {
    if (/^Commands:\s*$/.test(line)) {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (/^\S/.test(line)) break; // the next section
    const entry = /^ {2}([a-z][\w:-]*)/.exec(line);
    if (entry && entry[1] !== 'help') names.push(entry[1]);
  }
  return names;
}

function helpReader() {
  if (cliHelpFile !== null) {
    let texts;
    try {
      texts = JSON.parse(readFileSync(cliHelpFile, 'utf8'));
    } catch (error) {
      usage(`${cliHelpFile} is not JSON: ${error.message}`);
    }
    return (command) => (typeof texts[command ?? 'folio'] === 'string' ? texts[command ?? 'folio'] : '');
  }
  const bin = join(root, 'bin', 'folio.js');
  if (!existsSync(join(root, 'dist')) || !existsSync(bin)) {
    process.stderr.write(`docs: ${shown(join(root, 'dist'))}/ is missing, and bin/folio.js needs it for \`folio --help\`: run npm run build first\n`);
    process.exit(2);
  }
  return (command) => {
    const result = spawnSync(process.execPath, [bin, ...(command ? [command] : []), '--help'], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) {
      process.stderr.write(`docs: \`folio ${command ? `${command} ` : ''}--help\` failed (exit ${result.status}): ${result.stderr.trim()}\nrun npm run build first\n`);
      process.exit(2);
    }
    return result.stdout;
  };
}

const cliPage = join(root, 'docs', 'cli.md');
let commandCount = 0;
if (existsSync(cliPage)) {
  const help = helpReader();
  const wanted = [];
  for (const command of commandsIn(help(null))) {
    wanted.push([command]);
    for (const sub of commandsIn(help(command))) wanted.push([command, sub]);
  }
  commandCount = wanted.length;
  const { code } = parse(readFileSync(cliPage, 'utf8'));
  const named = new Set();
  // On one line: a command and its subcommand, with global options between them or before.
  const globalOption = String.raw`(?:--dir(?:=|[ \t]+)\S+|--json|--yes|-y)[ \t]+`;
  for (const text of code) {
    for (const match of text.matchAll(new RegExp(String.raw`(?:^|[^\w./-])folio[ \t]+(?:${globalOption})*([a-z][\w-]*)(?:[ \t]+(?:${globalOption})*([a-z][\w-]*))?`, 'gm'))) {
      named.add(match[1]);
      if (match[2] !== undefined) named.add(`${match[1]} ${match[2]}`);
    }
  }
  for (const command of wanted) {
    if (!named.has(command.join(' '))) {
      problems.push(`${shown(cliPage)}:1: \`folio ${command.join(' ')}\` is a command of folio --help that docs/cli.md does not name (write \`folio ${command.join(' ')} …\` in code)`);
    }
  }
} else {
  problems.push('docs/cli.md:1: missing: it documents every command of folio --help');
}

if (problems.length === 0) {
  process.stdout.write(`docs: ok (${pages.length} pages, ${linkCount} relative links, ${commandCount} commands)\n`);
  process.exit(0);
}
for (const line of problems) process.stdout.write(`docs: ${line}\n`);
process.stdout.write(`docs: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${pages.length} pages\n`);
process.exit(1);
