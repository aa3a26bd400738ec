// Puts executables into the page cache alike before their memory is compared. A process's
// file-backed RSS counts the pages of its executable the kernel maps on each fault (fault-around
// maps a cached folio's neighbours), and how a file is cached depends on how it got there: a
// file just written by `bun build` or `cp` measured up to ~5 MiB more RSS than the same bytes
// read back from disk. Each file is written back, dropped from the cache and read once.
import { closeSync, fsyncSync, openSync, readSync, realpathSync } from "node:fs";
import { dlopen, FFIType } from "bun:ffi";

const POSIX_FADV_DONTNEED = 4;

export function recache(paths: string[]): void {
  const libc = dlopen("libc.so.6", { posix_fadvise: { args: [FFIType.i32, FFIType.i64, FFIType.i64, FFIType.i32], returns: FFIType.i32 } });
  const buf = new Uint8Array(1 << 20);
  try {
    for (const p of paths) {
      const fd = openSync(realpathSync(p), "r");
      try {
        fsyncSync(fd); // dirty pages cannot be dropped
        libc.symbols.posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        while (readSync(fd, buf) > 0);
      } finally {
        closeSync(fd);
      }
    }
  } finally {
    libc.close();
  }
}
