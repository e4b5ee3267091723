/**
 * The command that runs this very `folio` again from the user's shell, for the next steps a command
 * prints. Never `npx folio`: outside a clone of foliocms, npx fetches an unrelated package of that
 * name from the registry (foliocms is not published there; docs/cli.md#installing).
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `bin/folio.js` of the package this code runs from. Its modules sit two folders below the root in
 * every form it runs in (src/cli/, dist/cli/, dist/bundle/), as the editors' page's files do.
 */
const THIS_BIN = fileURLToPath(new URL('../../bin/folio.js', import.meta.url));

/** npm puts `node_modules/.bin` folders on PATH only while it runs a script or `npx`. */
const NPM_BIN_FOLDER = `${sep}node_modules${sep}.bin`;

/** Characters a POSIX shell reads as they are, in a word. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * `word` as one word of a POSIX shell command: as it is when nothing in it is special, else single-quoted.
 * @example shellWord('my site') // "'my site'"
 */
export function shellWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The `folio` a shell finds on `PATH`: the first executable one (relative entries, which vary with the folder, aside). */
function folioOnPath(path: string | undefined): string | undefined {
  const folders = (path ?? '').split(delimiter).filter((folder) => isAbsolute(folder));
  return folders.map((folder) => join(folder, 'folio')).find(isExecutableFile);
}

/**
 * `folio` when the `folio` the user's PATH finds is this CLI (a global install of this package),
 * else `node <this package's bin/folio.js>`, which runs it from anywhere.
 * @example folioCommand(process.env) // 'folio', or "node /home/ada/foliocms/bin/folio.js"
 */
export function folioCommand(env: Record<string, string | undefined>): string {
  const found = folioOnPath(env.PATH);
  const ours = realpathOrNull(THIS_BIN);
  const isOurs = found !== undefined && ours !== null && realpathOrNull(found) === ours;
  // One that npm put on PATH for this run is gone once it ends: the shell after it will not find it.
  if (isOurs && !dirname(found).endsWith(NPM_BIN_FOLDER)) return 'folio';
  return `node ${shellWord(ours ?? THIS_BIN)}`;
}
