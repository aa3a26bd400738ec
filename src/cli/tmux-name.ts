// weft as a drop-in for tmux: run under the name `tmux` (a link or a copy so named), it reports
// tmux's version line, and with no weft config of its own it reads tmux's config files
// (config-files.ts). Without node:os and node:path, which cost a script's command ~0.8 ms to load.
import { TMUX_VERSION } from "../mux/lang/version.ts";

/**
 * Whether weft was started under the name tmux (process.argv0: what it was invoked by), its last
 * part as basename gives it; without a regular expression (a client's first cost ~0.06 ms).
 */
export function runsAsTmux(argv0: string): boolean {
  let end = argv0.length;
  while (end > 1 && argv0[end - 1] === "/") end--;
  return argv0.slice(argv0.lastIndexOf("/", end - 1) + 1, end) === "tmux";
}

/**
 * -V: exactly tmux's line under the name tmux, which every version check reads (TPM, tmux-yank,
 * oh-my-tmux, libtmux); otherwise weft's own version with the tmux one it behaves as.
 */
export function versionLine(prog: string, weftVersion: string): string {
  return prog === "tmux" ? `tmux ${TMUX_VERSION}` : `weft ${weftVersion} (tmux ${TMUX_VERSION})`;
}

export function usageLines(prog: string): string {
  const pad = " ".repeat(prog.length + 8);
  return `usage: ${prog} [-2CDlNuvV] [-c shell-command] [-f file] [-L socket-name]\n${pad}[-S socket-path] [-T features] [command [flags]]`;
}
