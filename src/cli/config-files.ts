// The config files a server started without -f loads, as tmux's: weft's own if it exists (not
// under the name tmux), else tmux's. Only the server imports this (node:path).
import { homedir } from "../mux/lang/os-lazy.ts";
import { join } from "node:path";

/** tmux's expand_path: ~ and $VAR at the start; null when the variable is unset. */
function expandPath(p: string, env: Record<string, string | undefined>): string | null {
  if (p.startsWith("~/")) return join(env.HOME || homedir(), p.slice(2));
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*)(.*)$/.exec(p);
  if (m) {
    const v = env[m[1] ?? ""];
    return v ? v + (m[2] ?? "") : null;
  }
  return p;
}

/** tmux 3.3a's TMUX_CONF as built on this machine (strings /usr/bin/tmux). */
const TMUX_CONF = ["/etc/tmux.conf", "~/.tmux.conf", "$XDG_CONFIG_HOME/tmux/tmux.conf", "~/.config/tmux/tmux.conf"];

/** The two file calls the lookup makes, as node:fs names them (the server's are libc's, server-main.ts). */
export interface ConfigLookup {
  existsSync(path: string): boolean;
  /** Throws when the path does not resolve. */
  realpathSync(path: string): string;
}

/**
 * The config files to load when none is given with -f: weft's own if it exists (not under the
 * name tmux), else every one of tmux's that exists, resolved and without repeats (expand_paths).
 * Only a server asks (a script's command never loads this).
 */
export function configFiles(asTmux: boolean, { existsSync, realpathSync }: ConfigLookup, env: Record<string, string | undefined> = process.env): string[] {
  const own = join(env.HOME || homedir(), ".config/weft/weft.conf");
  if (!asTmux && existsSync(own)) return [own];
  const out: string[] = [];
  for (const p of TMUX_CONF) {
    const e = expandPath(p, env);
    if (e === null) continue;
    let real: string;
    try {
      real = realpathSync(e);
    } catch {
      continue;
    }
    if (!out.includes(real)) out.push(real);
  }
  return out;
}
