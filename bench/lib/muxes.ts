// The multiplexers bench:e2e drives, as the argv each step needs: weft (the compiled binary),
// tmux and screen when installed. Each runs on a private socket under the run's own directories.
import { existsSync } from "node:fs";

export type MuxId = "weft" | "tmux" | "screen";

export interface Mux {
  id: MuxId;
  /** Name and version, for the tables. */
  label: string;
  /** The executable; its processes are the multiplexer's (pane programs are not). */
  exe: string;
  /** A new session whose only pane runs `cmd`, attached to the calling terminal; exits when `cmd` ends. */
  attach(sock: string, cmd: string[]): string[];
  /** A new detached session of 120×39 running `cmd`. */
  detached(sock: string, session: string, cmd: string[]): string[];
  /** Another window in `session` running `cmd`. */
  newWindow(sock: string, session: string, cmd: string[]): string[];
  /** Split `target` leaving the active pane as it is; prints the new pane's id. Null: not supported here. */
  split: ((sock: string, target: string, horizontal: boolean, cmd: string[]) => string[]) | null;
  /** Stop the whole server. */
  stop(sock: string): string[];
  /** Any tmux command on the server at `sock`, as a script runs it. Null: no such command line. */
  command: ((sock: string, argv: string[]) => string[]) | null;
}

export function weft(exe: string): Mux {
  const base = (sock: string) => [exe, "-L", sock, "-f", "/dev/null"];
  return {
    id: "weft",
    label: "weft",
    exe,
    attach: (sock, cmd) => [...base(sock), "new-session", "-s", "bench", "--", ...cmd],
    detached: (sock, session, cmd) => [...base(sock), "new-session", "-d", "-s", session, "-x", "120", "-y", "39", "--", ...cmd],
    newWindow: (sock, session, cmd) => [...base(sock), "new-window", "-d", "-t", session, "--", ...cmd],
    split: (sock, target, h, cmd) => [...base(sock), "split-window", "-d", ...(h ? ["-h"] : []), "-P", "-F", "#{pane_id}", "-t", target, "--", ...cmd],
    stop: (sock) => [...base(sock), "kill-server"],
    command: (sock, argv) => [...base(sock), ...argv],
  };
}

export function tmux(exe: string, version: string): Mux {
  const base = (sock: string) => [exe, "-L", sock, "-f", "/dev/null"];
  return {
    id: "tmux",
    label: version,
    exe,
    attach: (sock, cmd) => [...base(sock), "new-session", "-s", "bench", ...cmd],
    detached: (sock, session, cmd) => [...base(sock), "new-session", "-d", "-s", session, "-x", "120", "-y", "39", ...cmd],
    newWindow: (sock, session, cmd) => [...base(sock), "new-window", "-d", "-t", session, ...cmd],
    split: (sock, target, h, cmd) => [...base(sock), "split-window", "-d", ...(h ? ["-h"] : []), "-P", "-F", "#{pane_id}", "-t", target, ...cmd],
    stop: (sock) => [...base(sock), "kill-server"],
    command: (sock, argv) => [...base(sock), ...argv],
  };
}

/** screen: -c /dev/null skips ~/.screenrc; the session name is the private socket under $SCREENDIR. */
export function screen(exe: string, version: string): Mux {
  return {
    id: "screen",
    label: version,
    exe,
    attach: (sock, cmd) => [exe, "-c", "/dev/null", "-S", sock, ...cmd],
    detached: (sock, _session, cmd) => [exe, "-c", "/dev/null", "-dmS", sock, ...cmd],
    newWindow: (sock, _session, cmd) => [exe, "-S", sock, "-X", "screen", ...cmd],
    split: null, // regions need a display; its panes are not comparable to the others' splits
    stop: (sock) => [exe, "-S", sock, "-X", "quit"],
    command: null, // -X takes screen's commands, not tmux's
  };
}

function which(name: string): string | null {
  for (const dir of (process.env.PATH ?? "/usr/bin:/bin").split(":")) {
    const p = `${dir || "."}/${name}`;
    if (existsSync(p)) return p;
  }
  return null;
}

function firstLine(argv: string[]): string {
  const r = Bun.spawnSync(argv, { stdout: "pipe", stderr: "pipe" });
  return `${r.stdout.toString()}${r.stderr.toString()}`.split("\n").find((l) => l.trim())?.trim() ?? "";
}

/** tmux and screen as installed here (absent ones are left out of every table). */
export function installedPeers(): Mux[] {
  const out: Mux[] = [];
  const t = which("tmux");
  if (t) out.push(tmux(t, firstLine([t, "-V"])));
  const s = which("screen");
  if (s) {
    const v = /Screen version (\S+)/.exec(firstLine([s, "--version"]));
    out.push(screen(s, `screen ${v?.[1] ?? ""}`.trim()));
  }
  return out;
}
