/**
 * The file system calls of a project's writes (see `WriteFs`), made to fail on demand the way a
 * full or read-only disk makes them fail: for the specs of what the store and the server do then,
 * where a real small disk (a tmpfs) cannot be mounted. Everything else is Node's own call.
 */
import * as fs from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { WriteFs } from '../../src/storage/index.js';

export type DiskFault = 'ENOSPC' | 'EROFS' | 'EIO' | undefined;

function errnoError(code: Exclude<DiskFault, undefined>, syscall: string): NodeJS.ErrnoException {
  const text = { ENOSPC: 'no space left on device', EROFS: 'read-only file system', EIO: 'i/o error' }[code];
  return Object.assign(new Error(`${code}: ${text}, ${syscall}`), { code, syscall });
}

/**
 * A full disk creates files but fails to write into them (and to make folders); a read-only one
 * fails every change; a failing one fails the fsync.
 * @example const disk = failingFs(); const api = await apiServer({ fs: disk.fs }); disk.fail('ENOSPC');
 */
export function failingFs(): { fs: WriteFs; fail(fault: DiskFault): void } {
  let fault: DiskFault;
  const refuse = (syscall: string, when: DiskFault[]) => {
    if (fault !== undefined && when.includes(fault)) throw errnoError(fault, syscall);
  };
  /** `call`, failing first while the disk has one of the faults `when`. */
  const refusing = <A extends unknown[], R>(syscall: string, when: DiskFault[], call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      refuse(syscall, when);
      return call(...args);
    };
  const handle = (real: FileHandle): FileHandle =>
    new Proxy(real, {
      get(target, key) {
        if (key === 'writeFile') return refusing('write', ['ENOSPC'], target.writeFile.bind(target));
        if (key === 'sync') return refusing('fsync', ['EIO'], target.sync.bind(target));
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const calls: WriteFs = {
    open: (async (path: Parameters<typeof fs.open>[0], flags?: Parameters<typeof fs.open>[1], mode?: Parameters<typeof fs.open>[2]) => {
      if (flags !== undefined && flags !== 'r') refuse('open', ['EROFS']);
      return handle(await fs.open(path, flags, mode));
    }) as WriteFs['open'],
    mkdir: refusing('mkdir', ['ENOSPC', 'EROFS'], fs.mkdir) as WriteFs['mkdir'],
    rename: refusing('rename', ['EROFS'], fs.rename),
    unlink: refusing('unlink', ['EROFS'], fs.unlink),
    rm: refusing('rm', ['EROFS'], fs.rm),
    rmdir: refusing('rmdir', ['EROFS'], fs.rmdir),
    stat: fs.stat,
  };
  return { fs: calls, fail: (next) => (fault = next) };
}
