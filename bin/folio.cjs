#!/usr/bin/env node
// libuv's thread pool runs every file system call, and a durable write holds a thread in fsync for
// milliseconds: with the default four threads, ten concurrent creates queue their quick calls
// (stat, open, rename) behind other writes' fsyncs. Measured on the project's 2-core machine,
// sixteen threads gave 15-30% more durable creates per second. The pool starts at the first
// asynchronous call, and loading an ES module entry is one: so this entry is CommonJS, and the
// CLI (ESM) is imported once the size is set. A size set by the user wins.
'use strict';
process.env.UV_THREADPOOL_SIZE ??= '16';
import('../dist/cli/index.js').then(({ run }) => run(process.argv));
