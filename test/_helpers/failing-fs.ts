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
  const handle = (real: FileHandle): FileHandle =>
    new Proxy(real, {
      get(target, key) {
        if (key === 'writeFile') return async (...args: Parameters<FileHandle['writeFile']>) => {
          refuse('write', ['ENOSPC']);
          return target.writeFile(...args);
        };
        if (key === 'sync') return async () => {
          refuse('fsync', ['EIO']);
          return target.sync();
        };
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const calls: WriteFs = {
    open: (async (path: Parameters<typeof fs.open>[0], flags?: Parameters<typeof fs.open>[1], mode?: Parameters<typeof fs.open>[2]) => {
      if (flags !== undefined && flags !== 'r') refuse('open', ['EROFS']);
      return handle(await fs.open(path, flags, mode));
    }) as WriteFs['open'],
    mkdir: (async (...args: Parameters<typeof fs.mkdir>) => {
      refuse('mkdir', ['ENOSPC', 'EROFS']);
      return fs.mkdir(...args);
    }) as WriteFs['mkdir'],
    rename: async (...args) => {
      refuse('rename', ['EROFS']);
      return fs.rename(...args);
    },
    unlink: async (...args) => {
      refuse('unlink', ['EROFS']);
      return fs.unlink(...args);
    },
    rm: async (...args) => {
      refuse('rm', ['EROFS']);
      return fs.rm(...args);
    },
    rmdir: async (...args) => {
      refuse('rmdir', ['EROFS']);
      return fs.rmdir(...args);
    },
    stat: fs.stat,
  };
  return { fs: calls, fail: (next) => (fault = next) };
}
