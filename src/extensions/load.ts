/**
 * Loading `extensions/index.ts` (or `.mts`, `.js`, `.mjs`): one build with esbuild (TypeScript
 * without a build step of the project's own) into one module, its packages resolved from the
 * project and `foliocms` giving this very copy's error classes (the ones the server knows),
 * imported once. Anything that goes wrong is one {@link ProjectFileError} naming
 * the file and line.
 */
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as errorClasses from '../errors.js';
import { ProjectFileError } from '../errors.js';
import type { Extension } from './types.js';

/** The folder of a project's own code, and the entry files looked for in it, in this order. */
export const EXTENSIONS_FOLDER = 'extensions';
const ENTRY_NAMES = ['index.ts', 'index.mts', 'index.js', 'index.mjs'];
const HOOKS = ['register', 'bootstrap', 'destroy'] as const;

/**
 * What `import … from 'foliocms'` gives an extension at run time: the error classes of this very
 * copy of foliocms (the server tells its errors by class), handed over through a global the module
 * reads as it loads. Its types come from the package's declarations.
 */
const ERRORS_KEY = 'foliocms.extension-errors';
const ERROR_NAMES = Object.keys(errorClasses).filter((name) => typeof (errorClasses as Record<string, unknown>)[name] === 'function');
const SELF_MODULE = [
  `const errors = globalThis[Symbol.for(${JSON.stringify(ERRORS_KEY)})];`,
  'export { errors };',
  `export const { ${ERROR_NAMES.join(', ')} } = errors;`,
].join('\n');
const BUILTINS = new Set(builtinModules);
/** This package's compiled files (or sources, under a TypeScript runner): never the place an extension's error is. */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The entry file of a project's extensions, relative to its root, if it has one. */
export function extensionEntry(root: string): string | undefined {
  const name = ENTRY_NAMES.find((candidate) => existsSync(join(root, EXTENSIONS_FOLDER, candidate)));
  return name === undefined ? undefined : `${EXTENSIONS_FOLDER}/${name}`;
}

/** `extensions/index.ts:12` for a place in the project, or the path alone. */
function place(root: string, file: string, line: number | undefined): string {
  const shown = relative(root, file).split(sep).join('/');
  return line === undefined ? shown : `${shown}:${line}`;
}

/**
 * Where in the project's files `error` was thrown: the first frame of its stack (source-mapped to
 * the TypeScript) inside the project, outside node_modules.
 */
export function thrownAt(root: string, error: unknown): { file: string; line: number } | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const match of stack.matchAll(/(?:\(|at )((?:file:\/\/)?\/[^()\s]*?):(\d+):\d+\)?$/gm)) {
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (file.startsWith(root + sep) && !file.startsWith(PACKAGE_DIR) && !file.includes(`${sep}node_modules${sep}`)) return { file, line: Number(match[2]) };
  }
  return undefined;
}

/** The error an extension threw, as one line naming where: `extensions/index.ts:12: <message>`. */
export function extensionError(root: string, entry: string, error: unknown, doing: string): ProjectFileError {
  const at = thrownAt(root, error);
  const message = error instanceof Error ? error.message : String(error);
  const where = at ? place(root, at.file, at.line) : entry;
  return new ProjectFileError(where, undefined, `${doing}: ${message.split('\n')[0]}`, { cause: error });
}

interface BuildFailure {
  errors?: Array<{ text: string; location?: { file: string; line: number } | null }>;
}

/** The project's extension module, built and imported; undefined when it has none. */
export async function loadExtension(root: string): Promise<{ entry: string; extension: Extension } | undefined> {
  const entry = extensionEntry(root);
  if (entry === undefined) return undefined;
  const { build } = await import('esbuild');
  const output = join(tmpdir(), `folio-extension-${process.pid}-${Date.now().toString(36)}.mjs`);
  let code: string;
  try {
    const result = await build({
      entryPoints: [join(root, entry)],
      absWorkingDir: root,
      outfile: output,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'folio-packages',
          setup(builder) {
            // Packages stay packages: imported by their resolved file, so the module can live anywhere.
            builder.onResolve({ filter: /.*/ }, async (args) => {
              if (args.pluginData === 'folio-resolving' || args.path.startsWith('.') || args.path.startsWith('/')) return undefined;
              if (args.path === 'foliocms') return { path: 'foliocms', namespace: 'foliocms' };
              if (args.path.startsWith('node:') || BUILTINS.has(args.path)) return { path: args.path, external: true };
              const resolved = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'folio-resolving' });
              if (resolved.errors.length > 0) return { errors: resolved.errors };
              return { path: pathToFileURL(resolved.path).href, external: true };
            });
            builder.onLoad({ filter: /.*/, namespace: 'foliocms' }, () => ({ contents: SELF_MODULE, loader: 'js' }));
          },
        },
      ],
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    const first = (error as BuildFailure).errors?.[0];
    if (!first) throw extensionError(root, entry, error, 'could not be built');
    const where = first.location ? place(root, join(root, first.location.file), first.location.line) : entry;
    throw new ProjectFileError(where, undefined, first.text, { cause: error });
  }
  // Stack traces name the lines of the TypeScript, for the errors below and for the log.
  process.setSourceMapsEnabled(true);
  let module: { default?: unknown };
  (globalThis as Record<symbol, unknown>)[Symbol.for(ERRORS_KEY)] = errorClasses;
  try {
    await writeFile(output, code, { mode: 0o600 });
    module = (await import(pathToFileURL(output).href)) as { default?: unknown };
  } catch (error) {
    throw extensionError(root, entry, error, 'could not be loaded');
  } finally {
    await rm(output, { force: true });
  }
  return { entry, extension: checkedExtension(entry, module.default) };
}

/** The default export, if it is `{ register?, bootstrap?, destroy? }` with functions. */
function checkedExtension(entry: string, value: unknown): Extension {
  if (typeof value !== 'object' || value === null) {
    throw new ProjectFileError(entry, undefined, 'must default-export an object: export default { register(folio) {…}, bootstrap(folio) {…} }');
  }
  for (const hook of HOOKS) {
    const member = (value as Record<string, unknown>)[hook];
    if (member !== undefined && typeof member !== 'function') throw new ProjectFileError(entry, undefined, `${hook} must be a function, not ${typeof member}`);
  }
  return value as Extension;
}
