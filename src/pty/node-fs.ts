// node:fs at its first use. Loading it costs ~1 ms, and a new server's start (new -d) needs none
// of it: the few file calls it makes (a config file's existence, the shell's, the socket) are
// libc's (libc.ts). The server's modules reach node:fs through this, never an import.
type NodeFs = typeof import("node:fs");

let loaded: NodeFs | null = null;

/** node:fs, loaded now if it was not yet (a require() the bundler keeps lazy). */
export function nodeFs(): NodeFs {
  return (loaded ??= require("node:fs") as NodeFs);
}
