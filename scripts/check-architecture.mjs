#!/usr/bin/env node
// The architecture check that `npm run lint` runs after the compiler. It reads every .ts file under
// src/, and every .js file of the admin/ beside it (in all its folders), with the TypeScript parser (so `import type`,
// `export … from`, `import x = require(…)`, dynamic `import('…')` and `import('…').Type` all count,
// and nothing in comments or strings does) and fails, one line per violation, when:
//   1. a file outside src/server/ and src/cli/ imports Koa (`koa`, `koa/…`, `@koa/…`, `koa-…`);
//   2. files import each other in a cycle (type-only and dynamic imports included), in src/ or in
//      admin/;
//   3. a file imports another domain's inner file: src/<b>/ is a domain, and src/<b>/index.ts is its
//      only door for every file outside src/<b>/ (files directly in src/, such as src/errors.ts,
//      are shared modules, not domains, and may be imported by path);
//   4. a domain imports one of a layer above its own (LAYERS below), or a transport imports storage
//      (it reaches stored data through a service or the project), unless EXCEPTIONS names that
//      import; an exception the code no longer needs fails too, and so does a domain in no layer;
//   5. a source file (.ts, .js and their kin) of src/, test/, scripts/, bench/ or admin/ names a
//      document that is not in the repository (NOT_IN_REPOSITORY below), in a comment, a string or
//      anywhere else: whoever clones the repository cannot read it, so the file must say the rule in
//      the project's own words or point to README, docs/ or Strapi's public documentation. Every
//      offending file is reported, one line each;
//   6. a file in an `operations/` folder (src/content/operations/: one file per operation, each
//      taking the shared context) imports another file of that folder: an operation that needs
//      another is handed it by the service that builds them both;
//   7. a file of src/, admin/ or editors/ is longer than MAX_LINES lines: split it by concept first.
// Usage: node scripts/check-architecture.mjs [--root <dir>]   (default: the repository's src/; the
// admin/ and editors/ beside the root, when there are, are read too, and for rule 5 the test/, scripts/ and
// bench/ beside it)
// Exit: 0 clean, 1 violations, 2 usage error.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const KOA_ALLOWED = ['server', 'cli'];
/** Rule 7: the longest a file of src/, admin/ or editors/ may be. */
const MAX_LINES = 400;
/** Rule 6: the folders whose files are operations that never import one another. */
const OPERATIONS_FOLDER = 'operations';
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const ADMIN_SOURCE = /\.(?:js|mjs)$/;

/**
 * The layers of src/, top to bottom, as docs/architecture.md draws them. A domain imports its
 * own layer and those below it, never one above, and not a layer its own `skips`. Every domain of
 * src/ is in exactly one layer; files directly in src/ are shared modules, outside the layers.
 */
const LAYERS = [
  { name: 'transport', folders: ['server', 'cli', 'graphql'], skips: ['storage'] },
  { name: 'composition root', folders: ['project'] },
  { name: 'service', folders: ['content', 'users', 'auth', 'permissions', 'i18n', 'email', 'media', 'webhooks', 'import', 'history', 'extensions'] },
  // What a project declares, read and checked: content types (schema/), settings (config/) and the model engine.
  { name: 'model', folders: ['model', 'schema', 'config'] },
  { name: 'storage', folders: ['storage'] },
  // Used from every layer, and using none: the log and the Redis connection.
  { name: 'shared', folders: ['log', 'redis'] },
];

/** Imports that break a layer rule today, each allowed by name with the reason it is still there. */
const EXCEPTIONS = [
  {
    file: 'import/target.ts',
    imports: 'project',
    reason: '`folio import` builds a whole project (scaffold, stores, copy, checks) with the composition root\'s helpers; it belongs beside project/, a move of its own',
  },
];

/**
 * Rule 5: documents that foliocms's files once cited but that are not in the repository: the product
 * contract, the style guide, the API spec, the Strapi reference and anything in a `shared` folder
 * beside the repository. Each is written here in two parts, so that this file (and its test, which
 * builds them the same way) does not name them and the rule reads it like any other file.
 */
const NOT_IN_REPOSITORY = [
  ['CONTRACT', '.md'],
  ['STYLE', '.md'],
  ['spec/api', '.md'],
  ['strapi', '-reference'],
  ['../', 'shared/'],
].map((parts) => parts.join(''));
/** The folders beside the root that rule 5 reads too (the root itself, src/ by default, always). */
const CITING_FOLDERS = ['admin', 'bench', 'scripts', 'test'];
const CITING_SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

function usage(message) {
  process.stderr.write(`architecture: ${message}\nusage: node scripts/check-architecture.mjs [--root <dir>]\n`);
  process.exit(2);
}

let root = fileURLToPath(new URL('../src', import.meta.url));
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--root') {
    if (args[i + 1] === undefined) usage('--root needs a directory');
    root = resolve(args[++i]);
  } else if (arg.startsWith('--root=')) {
    root = resolve(arg.slice('--root='.length));
  } else if (arg === '--help' || arg === '-h') {
    process.stdout.write('usage: node scripts/check-architecture.mjs [--root <dir>]\n');
    process.exit(0);
  } else {
    usage(`unknown argument ${arg}`);
  }
}
if (!existsSync(root) || !statSync(root).isDirectory()) usage(`${root} is not a directory`);

/** Paths as printed: relative to the root's parent, so the default root prints `src/auth/x.ts`. */
const shown = (file) => relative(dirname(root), file).split(sep).join('/');
/** Path inside the root, `/`-separated: `auth/providers/flow.ts`. */
const inner = (file) => relative(root, file).split(sep).join('/');
/** The domain a file belongs to (`auth` for auth/providers/flow.ts), or null for a file directly in the root. */
function domainOf(file) {
  const parts = inner(file).split('/');
  return parts.length > 1 ? parts[0] : null;
}
/** A domain's layer: its index in LAYERS (0 is the top), or -1 when it is in none. */
const layerOf = (domain) => LAYERS.findIndex((layer) => layer.folders.includes(domain));
const layerName = (index) => `the ${LAYERS[index].name} layer`;
const insideRoot = (file) => {
  const rel = relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel);
};

function listSources(dir, pattern = SOURCE) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...listSources(full, pattern));
    } else if (entry.isFile() && pattern.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/** Every module specifier a file names, with its 1-based line: static, type-only, re-exports, dynamic. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ADMIN_SOURCE.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const record = (node) => {
    if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ specifier: node.text, line });
    }
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      record(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      record(node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      record(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      record(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where a relative specifier lands: `./x.js` → x.ts, `../y/index.js` → y/index.ts, `./z` → z.ts or z/index.ts. */
function resolveRelative(from, specifier) {
  const target = resolve(dirname(from), specifier.split('?')[0]);
  const candidates = [];
  const swaps = [['.js', '.ts'], ['.js', '.tsx'], ['.mjs', '.mts'], ['.cjs', '.cts'], ['.jsx', '.tsx']];
  for (const [js, tsExt] of swaps) {
    if (target.endsWith(js)) candidates.push(target.slice(0, -js.length) + tsExt);
  }
  candidates.push(target);
  for (const ext of ['.ts', '.tsx', '.mts', '.cts']) candidates.push(target + ext);
  for (const ext of ['.ts', '.tsx']) candidates.push(join(target, `index${ext}`));
  const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  // A specifier that names no file is the compiler's to report; judge it by the path it would have.
  return { file: hit ?? candidates[0], exists: hit !== undefined };
}

const isKoa = (specifier) => /^(?:koa(?:-[^/]+)?|@koa\/[^/]+)(?:\/.*)?$/.test(specifier);
const koaPackage = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

// The editors' page (ES modules a browser runs) beside src/, in all its folders, and the editors it
// loads (editors/, bundled for it): read for import cycles and file lengths only (no domains or layers).
const adminFiles = ['admin', 'editors'].map((folder) => join(dirname(root), folder))
  .filter((dir) => existsSync(dir) && statSync(dir).isDirectory())
  .flatMap((dir) => listSources(dir, ADMIN_SOURCE));
const sourceFiles = listSources(root);
const files = [...sourceFiles, ...adminFiles];
const known = new Set(files);
const violations = [];
// Rule 4 needs every domain placed: a new folder is put in a layer before it is used.
const layerless = new Set(sourceFiles.map(domainOf).filter((domain) => domain !== null && layerOf(domain) === -1));
for (const domain of [...layerless].sort()) {
  violations.push(`${shown(join(root, domain))}/ is in no layer: add it to LAYERS in scripts/check-architecture.mjs, in the layer whose rules it keeps`);
}
/** file → Map(target → first line), for cycles. */
const graph = new Map();
/** `file imports` of each exception that some import still needs. */
const exceptionsUsed = new Set();

/** Rule 4: the layer rule an import from domain `from` into domain `to` breaks, as a message; null when it breaks none. */
function layerProblem(file, from, to) {
  const [own, their] = [layerOf(from), layerOf(to)];
  if (own === -1 || their === -1 || from === to) return null;
  const problem = their < own
    ? `layer order: ${layerName(own)} (${from}/) imports nothing from ${layerName(their)} (${to}/) above it; move the code that needs ${to}/ up to ${layerName(their)} or higher, or have its caller pass in what it needs`
    : LAYERS[own].skips?.includes(to)
      ? `skipped layer: ${layerName(own)} (${from}/) does not import ${to}/ directly; use a service or the project, and add what is missing to their index.ts`
      : null;
  if (problem === null) return null;
  const exception = EXCEPTIONS.find((e) => e.file === inner(file) && e.imports === to);
  if (exception) {
    exceptionsUsed.add(`${exception.file} ${exception.imports}`);
    return null;
  }
  return problem;
}

for (const file of adminFiles) {
  const edges = new Map();
  graph.set(file, edges);
  for (const { specifier, line } of importsOf(file)) {
    if (!specifier.startsWith('.')) continue;
    const { file: target, exists } = resolveRelative(file, specifier);
    if (exists && known.has(target) && !edges.has(target)) edges.set(target, line);
  }
}

for (const file of sourceFiles) {
  const edges = new Map();
  graph.set(file, edges);
  const from = domainOf(file);
  const seen = new Set();
  for (const { specifier, line } of importsOf(file)) {
    const where = `${shown(file)}:${line}`;
    if (!specifier.startsWith('.')) {
      // Rule 1: Koa stays in the HTTP and CLI layers.
      if (isKoa(specifier) && !KOA_ALLOWED.includes(from ?? '')) {
        const key = `koa ${file} ${koaPackage(specifier)}`;
        if (!seen.has(key)) {
          seen.add(key);
          violations.push(`${where} imports '${specifier}': only src/${KOA_ALLOWED.join('/ and src/')}/ may import Koa`);
        }
      }
      continue;
    }
    const { file: target, exists } = resolveRelative(file, specifier);
    if (exists && known.has(target) && !edges.has(target)) edges.set(target, line);
    if (!insideRoot(target)) continue;
    // Rule 3: another domain is entered through its index.ts only.
    const to = domainOf(target);
    if (to !== null && to !== from && inner(target) !== `${to}/index.ts`) {
      const key = `door ${file} ${target}`;
      if (!seen.has(key)) {
        seen.add(key);
        const who = from === null ? 'a shared module' : `domain ${from}/`;
        violations.push(`${where} imports ${shown(target)}, an inner file of domain ${to}/ (${who} must import ${shown(join(root, to, 'index.ts'))})`);
      }
    }
    // Rule 6: operations take the shared context, never one another.
    if (basename(dirname(file)) === OPERATIONS_FOLDER && dirname(target) === dirname(file) && !seen.has(`operation ${file} ${target}`)) {
      seen.add(`operation ${file} ${target}`);
      violations.push(`${where} imports ${shown(target)}: an operation imports no other operation; have the service that builds both hand it over`);
    }
    // Rule 4: layers, top to bottom.
    const problem = from !== null && to !== null ? layerProblem(file, from, to) : null;
    if (problem !== null && !seen.has(`layer ${file} ${to}`)) {
      seen.add(`layer ${file} ${to}`);
      violations.push(`${where} imports ${shown(target)}: ${problem}`);
    }
  }
}

for (const exception of EXCEPTIONS) {
  const file = join(root, exception.file);
  if (known.has(file) && !exceptionsUsed.has(`${exception.file} ${exception.imports}`)) {
    violations.push(`${shown(file)} no longer imports ${exception.imports}/ across a layer rule: remove its entry from EXCEPTIONS in scripts/check-architecture.mjs`);
  }
}

// Rule 7: no long file in src/, admin/ or editors/.
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n').length - 1;
  if (lines > MAX_LINES) violations.push(`${shown(file)} has ${lines} lines, more than ${MAX_LINES}: split it into modules of one concept each`);
}

// Rule 2: no cycles. Tarjan's strongly connected components, iteratively (no recursion limit).
function stronglyConnected() {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: [...graph.get(start).keys()], i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.i < frame.next.length) {
        const child = frame.next[frame.i++];
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, next: [...graph.get(child).keys()], i: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(child)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && graph.get(component[0]).has(component[0]);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A shortest cycle through `start` that stays inside `members`: [start, …, start]. */
function shortestCycle(start, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node).keys()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

const cycles = stronglyConnected();
for (const component of cycles) {
  const members = new Set(component);
  const cycle = shortestCycle(component[0], members);
  // A component can hold more files than its shortest cycle: name them all, since each is in some cycle.
  const rest = component.length > cycle.length - 1
    ? ` (one of the cycles among these ${component.length} files: ${component.map(shown).join(', ')})`
    : '';
  violations.push(`import cycle: ${cycle.map(shown).join(' -> ')}${rest}`);
}

// Rule 5: no file names a document that is not in the repository. One line per file: the first line
// that names one, every document it names, and the other lines that do.
const citingFiles = [
  ...sourceFiles,
  ...CITING_FOLDERS.map((folder) => join(dirname(root), folder))
    .filter((dir) => dir !== root && existsSync(dir) && statSync(dir).isDirectory())
    .flatMap((dir) => listSources(dir, CITING_SOURCE)),
];
const citations = [];
for (const file of [...new Set(citingFiles)].sort((a, b) => shown(a).localeCompare(shown(b)))) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const names = new Set();
  const at = [];
  lines.forEach((text, i) => {
    const named = NOT_IN_REPOSITORY.filter((name) => text.includes(name));
    if (named.length === 0) return;
    for (const name of named) names.add(name);
    at.push(i + 1);
  });
  if (at.length === 0) continue;
  const list = NOT_IN_REPOSITORY.filter((name) => names.has(name));
  const what = list.length === 1 ? `${list[0]}, a document` : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}, documents`;
  const also = at.length > 1 ? ` (also line${at.length > 2 ? 's' : ''} ${at.slice(1).join(', ')})` : '';
  citations.push(`${shown(file)}:${at[0]} names ${what} not in the repository${also}: write the rule in the project's own words, or point to README or docs/ (by heading) or to Strapi's public documentation (https://docs.strapi.io)`);
}
violations.push(...citations);
const fileCount = new Set([...files, ...citingFiles]).size;

if (violations.length === 0) {
  process.stdout.write(`architecture: ok (${fileCount} files, no cycles)\n`);
  process.exit(0);
}
for (const line of violations) process.stdout.write(`architecture: ${line}\n`);
const cycleNote = cycles.length > 0 ? `, ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}` : '';
process.stdout.write(`architecture: ${violations.length} violation${violations.length === 1 ? '' : 's'} in ${fileCount} files${cycleNote}\n`);
process.exit(1);
