/**
 * The content watch's judgement of an event, on its own: the words are what the file documents say
 * before each write; the disk is what the judge finds when it looks, which may have changed again
 * since the event came (the watch thread judges events a little later, more so on a busy machine),
 * and one event may stand for two like changes the kernel merged.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createJudge } from '../../src/project/content-watch-judge.js';

const folder = 'article/b2';
const draft = `${folder}/draft.en.json`;
const published = `${folder}/published.en.json`;

/** A judge over a disk the test sets: folder → its file names, file → its hash; no entry is gone. */
function judged() {
  const folders = new Map<string, string[]>();
  const hashes = new Map<string, string>();
  /** Reads of the disk, each may run `meanwhile` (what the server does while the judge reads). */
  const meanwhile: Array<() => void> = [];
  const judge = createJudge({
    filesIn: (path) => folders.get(path),
    hashOf: (path) => {
      const found = hashes.get(path);
      meanwhile.shift()?.();
      return found;
    },
    catchUp: () => undefined,
  });
  /** What the server's create or update says before it writes. */
  const sayPut = (file: string, hash: string) => {
    judge.say('folder', folder, '');
    judge.say('file', file, hash);
  };
  /** The write said last at `file` lands: on disk, and said so. */
  const land = (file: string, hash: string) => {
    hashes.set(file, hash);
    const names = new Set(folders.get(folder) ?? []).add(file.slice(folder.length + 1));
    folders.set(folder, [...names]);
    judge.say('landed', folder, '');
    judge.say('landed', file, '');
  };
  /** A create or update, said and landed. */
  const put = (file: string, hash: string) => {
    sayPut(file, hash);
    land(file, hash);
  };
  /** What the server's removal of a version says, and then says of it; the disk is left to the test. */
  const sayRemoved = (file: string, folderGoes: boolean) => {
    judge.say('absent', file, '');
    judge.say('absent', folder, '');
    judge.say('landed', file, '');
    judge.say(folderGoes ? 'landed' : 'unknown', folder, '');
  };
  return { judge, folders, hashes, sayPut, land, put, sayRemoved, meanwhile };
}

test('when the server creates a document folder and removes it before the creation is judged then neither is told', () => {
  const { judge, folders, hashes, put, sayRemoved } = judged();
  put(draft, 'd1');
  put(published, 'p1');
  sayRemoved(draft, false); // the published version keeps the folder
  sayRemoved(published, true);
  folders.delete(folder);
  hashes.clear();
  assert.ok(judge.isOwn(folder), 'the creation');
  assert.ok(judge.isOwn(folder), 'the removal');
});

test('when a removal has emptied the folder but not removed it yet as its events are judged then none of it is told', () => {
  const { judge, folders, hashes, put, sayRemoved } = judged();
  put(draft, 'd1');
  judge.say('absent', draft, '');
  judge.say('absent', folder, '');
  hashes.clear();
  folders.set(folder, []); // the file is gone, the folder not yet, and neither is said to have landed
  assert.ok(judge.isOwn(folder), 'the creation, judged while the folder is empty');
  folders.delete(folder);
  assert.ok(judge.isOwn(draft), 'the file removed');
  assert.ok(judge.isOwn(folder), 'the folder removed');
});

test('when someone replaces a file just after the server wrote it, and the two events come as one, then it is told', () => {
  const { judge, hashes, put } = judged();
  put(draft, 'd1');
  hashes.set(draft, 'from-elsewhere');
  assert.not.ok(judge.isOwn(draft));
});

test('when an event is judged while a later write of the server is still on its way then it is not told, before or after that write lands', () => {
  const { judge, folders, hashes, sayPut, land, put } = judged();
  put(draft, 'd1');
  sayPut(draft, 'd2');
  assert.ok(judge.isOwn(folder), 'the creation, the update said and not yet made');
  assert.ok(judge.isOwn(draft), 'the same, at the file');
  land(draft, 'd2');
  assert.ok(judge.isOwn(draft), 'the update');
  hashes.set(draft, 'd1');
  assert.not.ok(judge.isOwn(draft), 'someone brings back the bytes of the first write after the second landed');
  assert.ok(folders.has(folder));
});

test('when the server writes again while the judge reads the file then it reads again, and tells nothing', () => {
  const { judge, put, meanwhile } = judged();
  put(draft, 'd1');
  meanwhile.push(() => put(draft, 'd2')); // said and landed after the read found d1
  assert.ok(judge.isOwn(draft));
  meanwhile.push(() => put(draft, 'd3'));
  assert.ok(judge.isOwn(folder), 'the same for a folder');
});

test('when the server writes a file twice and the two events come as one, or as two judged after both, then neither is told', () => {
  const { judge, put } = judged();
  put(draft, 'd1');
  put(draft, 'd2');
  assert.ok(judge.isOwn(draft));
  assert.ok(judge.isOwn(draft));
});

test('when someone else removes a folder or a file the server wrote, or puts a file beside it, then that is told', () => {
  const { judge, folders, hashes, put } = judged();
  put(draft, 'd1');
  assert.ok(judge.isOwn(folder), 'the creation');
  hashes.set(`${folder}/draft.fr.json`, 'f1');
  folders.set(folder, ['draft.en.json', 'draft.fr.json']);
  assert.not.ok(judge.isOwn(`${folder}/draft.fr.json`), 'a file beside it');
  hashes.delete(draft);
  assert.not.ok(judge.isOwn(draft), 'the file removed');
  folders.delete(folder);
  assert.not.ok(judge.isOwn(folder), 'the folder removed');
});

test('when a folder appears that the server said nothing of, holding files or none, then it is told', () => {
  const { judge, folders, hashes } = judged();
  folders.set('article/c3', ['draft.en.json']);
  hashes.set('article/c3/draft.en.json', 'c1');
  assert.not.ok(judge.isOwn('article/c3'));
  folders.set('article/d4', []);
  assert.not.ok(judge.isOwn('article/d4'), 'an empty folder');
  assert.not.ok(judge.isOwn('article/e5'), 'a folder that came and went');
});

test('when a write failed then what it said is forgotten: a change there after it is told, even to the bytes it would have written', () => {
  const { judge, hashes } = judged();
  judge.say('file', draft, 'd1');
  judge.say('unknown', draft, ''); // said of the oldest write on its way: it failed
  hashes.set(draft, 'd1');
  assert.not.ok(judge.isOwn(draft));
});

test('when someone else changed a file and it comes back to the bytes the server wrote (a git checkout) then that is told too', () => {
  const { judge, hashes, put } = judged();
  put(draft, 'd1');
  assert.ok(judge.isOwn(draft), "the server's write");
  hashes.set(draft, 'e1'); // an editor's save
  assert.not.ok(judge.isOwn(draft));
  hashes.set(draft, 'd1'); // checked out again: the server's bytes, not its doing
  assert.not.ok(judge.isOwn(draft));
  put(draft, 'd2');
  assert.ok(judge.isOwn(draft), 'a write of the server after that is its own again');
});

test('when nothing was said of a path for two generations then an event there is told', () => {
  const { judge, put } = judged();
  put(draft, 'd1');
  judge.age();
  assert.ok(judge.isOwn(draft), 'kept through one generation');
  judge.age();
  assert.not.ok(judge.isOwn(draft), 'forgotten after the second');
});

test.run();
