// Config files as tmux's cfg.c: the startup files run in the global queue while the first
// client's command waits; their errors are kept (causes) and shown over the first session's
// pane, or printed by the next source-file. Also the glob expansion of source-file's paths.
import { loadPromptHistory } from "./prompt-history-file.ts";
import { nodeFs } from "../../pty/node-fs.ts";
import { fnmatch } from "../model/fnmatch.ts";
import { printCommandList } from "../lang/cmd-print.ts";
import type { CommandList } from "../lang/cmd-parse.ts";
import type { Session } from "../model/index.ts";
import type { ClientConnection } from "../client/client-connection.ts";
import type { ItemHandle, ItemState } from "./cmdq.ts";
import type { Server } from "./server.ts";

export interface LoadFlags {
  /** A missing file is no error (tmux's default files; source-file -q). */
  quiet?: boolean;
  /** Parse only (source-file -n). */
  parseOnly?: boolean;
  /** Print each line's commands as parsed (source-file -v). */
  verbose?: boolean;
}

function strerror(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "No such file or directory";
  if (code === "EACCES") return "Permission denied";
  if (code === "EISDIR") return "Is a directory";
  return (e as Error).message;
}

/** Each line's commands as the parser's verbose mode prints them: FILE:LINE: commands. */
function verboseLines(server: Server, file: string, list: CommandList): string[] {
  const out: string[] = [];
  let line: CommandList = [];
  for (const c of list) {
    if (line.length > 0 && line[0]?.line !== c.line) {
      out.push(`${file}:${line[0]?.line ?? 0}: ${printCommandList(line, server.runner.spec, false)}`);
      line = [];
    }
    line.push(c);
  }
  if (line.length > 0) out.push(`${file}:${line[0]?.line ?? 0}: ${printCommandList(line, server.runner.spec, false)}`);
  return out;
}

/**
 * load_cfg: parse a file and queue its commands, after `after` (source-file) or at the end of
 * the global queue (the startup config). False on an error, which is added to the causes.
 */
export function loadConfig(server: Server, path: string, conn: ClientConnection | null, after: ItemHandle | null, flags: LoadFlags, text?: string): boolean {
  const runner = server.runner;
  let content = text;
  if (content === undefined) {
    try {
      content = nodeFs().readFileSync(path, "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT" && flags.quiet) return true;
      // tmux 3.3a reads a directory (`source-file /tmp`, or "" = the client's directory) as an
      // empty file: no error, exit 0.
      if ((e as NodeJS.ErrnoException).code === "EISDIR") return true;
      runner.causes.push(`${path}: ${strerror(e)}`);
      return false;
    }
  }
  const parsed = runner.parseFile(content, path, conn, flags.parseOnly === true);
  if (!parsed.ok) {
    runner.causes.push(parsed.error);
    return false;
  }
  if (flags.parseOnly) return true;
  if (flags.verbose && after) for (const l of verboseLines(server, path, parsed.commands)) after.print(l);
  const state: ItemState = { ...(after?.state ?? { conn: null }), formats: { ...(after?.state.formats ?? {}), current_file: path } };
  if (after) after.insert(parsed.commands, state);
  else runner.append(parsed.commands, state);
  return true;
}

/**
 * start_cfg: the first client's command waits behind a callback until the files' commands have
 * run in the global queue; then the causes go over the first session's pane, if there is one.
 */
export function startConfig(server: Server, first: ClientConnection | null, files: readonly string[], quiet: boolean): void {
  const runner = server.runner;
  runner.configClient = first;
  // The first client's command waits for the config; a server in the foreground (-D) has none.
  if (first)
    runner.appendCallback({ conn: first }, (item) => {
      if (runner.configFinished) return "normal";
      runner.configWaiter = () => runner.queueFor(first).continue(item);
      return "wait";
    });
  for (const f of files) loadConfig(server, f, first, null, { quiet });
  runner.appendCallback({ conn: null }, () => {
    runner.configFinished = true;
    const s = [...server.model.sessions].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0];
    if (s) showCauses(server, s);
    const wake = runner.configWaiter;
    runner.configWaiter = null;
    wake?.();
    // As cfg_done: the prompt's history-file is read once the config may have set it.
    loadPromptHistory(server.model);
    server.maybeExit();
    return "normal";
  });
}

/** cfg_show_causes: the errors over the session's active pane, as view mode shows them. */
export function showCauses(server: Server, s: Session): void {
  const causes = server.runner.causes;
  if (causes.length === 0) return;
  server.runner.causes = [];
  server.showInPane(s.current.active, causes);
}

/**
 * Whether a path names something (a file that cannot be read still does: reading it says why).
 * A name too long matches nothing, as glob(3) finds nothing for it: tmux then says "No such
 * file or directory", and nothing under -q.
 */
function exists(p: string): boolean {
  try {
    nodeFs().statSync(p);
    return true;
  } catch (e) {
    return !["ENOENT", "ENOTDIR", "ENAMETOOLONG"].includes((e as NodeJS.ErrnoException).code ?? "");
  }
}

/** glob(3) over an absolute pattern: each component matched with fnmatch, results sorted. */
export function globPaths(pattern: string): string[] {
  if (!/[*?[]/.test(pattern)) return exists(pattern) ? [pattern] : [];
  let paths = [""];
  for (const part of pattern.split("/").filter((p) => p !== "")) {
    const next: string[] = [];
    for (const dir of paths) {
      if (!/[*?[]/.test(part)) {
        next.push(`${dir}/${part}`);
        continue;
      }
      let names: string[];
      try {
        names = nodeFs().readdirSync(dir === "" ? "/" : dir);
      } catch {
        continue;
      }
      for (const n of names.sort()) {
        if (n.startsWith(".") && !part.startsWith(".")) continue;
        if (fnmatch(part, n)) next.push(`${dir}/${n}`);
      }
    }
    paths = next;
  }
  return paths.filter(exists);
}
