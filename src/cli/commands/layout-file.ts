// Layout files for `weft new --layout FILE`: a whole session described in TOML — windows, their
// panes split from one another with sizes, each pane's command, directory and environment, and
// keys to type once it has started. Example: fixtures/layouts/dev.toml.
//
//   session = "dev"                 # optional; -s wins
//   cwd = "~/src/app"               # optional, for every pane; relative paths are from the file
//   env = { EDITOR = "vi" }         # optional, for every pane
//   [[window]]
//   name = "edit"                   # optional
//   layout = "main-vertical"        # optional preset (or layout string), applied after the splits
//   focus = true                    # optional: the session's current window (default the first)
//   [[window.pane]]                 # the first pane: no split
//   command = "vim"                 # a string runs in the shell, an array is exec'd; none = shell
//   [[window.pane]]
//   split = "h"                     # "h" side by side or "v" (default) one above the other
//   size = "30%"                    # cells or a percentage of the pane split; default half
//   of = 0                          # which pane (index in this window) to split; default the previous
//   cwd = "test"                    # optional; env = {...} too
//   send = ["make test", "Enter"]   # optional: keys (tmux names, or text) typed once started
//   focus = true                    # optional: the window's active pane (default the first)
import { nodeFs } from "../../pty/node-fs.ts";
import { dirname, resolve } from "node:path";
import { CommandError } from "../../mux/lang/command.ts";
import type { CommandContext } from "./context.ts";
import type { Environ, NewPaneOptions } from "../../mux/model/index.ts";
import type { Session } from "../../mux/model/session.ts";
import type { Pane } from "../../mux/model/pane.ts";
import { encodeKey } from "../../mux/lang/keys.ts";
import { lookupPreset, applyPreset } from "./select-layout.ts";

interface PaneSpec {
  command: string[];
  cwd?: string;
  env: Record<string, string>;
  split: "h" | "v";
  size?: { cells: number } | { percent: number };
  of?: number;
  send: string[];
  focus: boolean;
}

interface WindowSpec {
  name?: string;
  layout?: string;
  focus: boolean;
  panes: PaneSpec[];
}

export interface LayoutSpec {
  session?: string;
  windows: WindowSpec[];
}

type Table = Record<string, unknown>;

/** Reads and checks one table of the file; every problem names the file and where in it. */
class Checker {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly t: Table,
    allowed: string[],
  ) {
    for (const k of Object.keys(t)) if (!allowed.includes(k)) this.fail(`unknown key "${k}"`);
  }

  fail(msg: string): never {
    throw new CommandError(`${this.file}: ${this.where ? this.where + ": " : ""}${msg}`);
  }

  string(k: string): string | undefined {
    const v = this.t[k];
    if (v === undefined) return undefined;
    if (typeof v !== "string") this.fail(`${k} must be a string`);
    return v;
  }

  bool(k: string): boolean {
    const v = this.t[k];
    if (v === undefined) return false;
    if (typeof v !== "boolean") this.fail(`${k} must be true or false`);
    return v;
  }

  strings(k: string, allowString: boolean): string[] | undefined {
    const v = this.t[k];
    if (v === undefined) return undefined;
    if (allowString && typeof v === "string") return [v];
    if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) this.fail(`${k} must be ${allowString ? "a string or " : ""}an array of strings`);
    return v as string[];
  }

  env(k: string): Record<string, string> {
    const v = this.t[k];
    if (v === undefined) return {};
    if (typeof v !== "object" || v === null || Array.isArray(v)) this.fail(`${k} must be a table of NAME = "value"`);
    const out: Record<string, string> = {};
    for (const [name, val] of Object.entries(v)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) this.fail(`${k}: invalid name ${name}`);
      if (typeof val !== "string" && typeof val !== "number" && typeof val !== "boolean") this.fail(`${k}.${name} must be a string`);
      out[name] = String(val);
    }
    return out;
  }

  tables(k: string): Table[] {
    const v = this.t[k];
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every((x) => typeof x === "object" && x !== null && !Array.isArray(x))) this.fail(`${k} must be written [[${k}]]`);
    return v as Table[];
  }
}

function expandPath(p: string, base: string, home: string): string {
  if (p === "~" || p.startsWith("~/")) return home + p.slice(1);
  return resolve(base, p);
}

function paneSpec(c: Checker, first: boolean, count: number, base: string, home: string, defaults: { cwd?: string; env: Record<string, string> }): PaneSpec {
  const split = c.string("split");
  if (first && (split !== undefined || c.t.size !== undefined || c.t.of !== undefined)) c.fail("the first pane of a window is not split from anything");
  if (split !== undefined && split !== "h" && split !== "v") c.fail(`split must be "h" or "v", not "${split}"`);
  let size: PaneSpec["size"];
  const sv = c.t.size;
  if (sv !== undefined) {
    const m = typeof sv === "number" ? (Number.isInteger(sv) && sv > 0 ? [String(sv), String(sv), ""] : null) : typeof sv === "string" ? /^(\d+)(%?)$/.exec(sv) : null;
    if (!m) c.fail(`size must be a number of cells or a percentage like "30%"`);
    size = m[2] ? { percent: Number(m[1]) } : { cells: Number(m[1]) };
  }
  const of = c.t.of;
  if (of !== undefined && (typeof of !== "number" || !Number.isInteger(of) || of < 0 || of >= count)) c.fail(`of must be the index of an earlier pane (0-${count - 1})`);
  const cwd = c.string("cwd");
  return {
    command: c.strings("command", true) ?? [],
    cwd: cwd !== undefined ? expandPath(cwd, base, home) : defaults.cwd,
    env: { ...defaults.env, ...c.env("env") },
    split: split ?? "v",
    size,
    of: of as number | undefined,
    send: c.strings("send", true) ?? [],
    focus: c.bool("focus"),
  };
}

/** Parse and check a layout file's text. */
export function parseLayout(file: string, text: string, home: string): LayoutSpec {
  let doc: Table;
  try {
    doc = Bun.TOML.parse(text) as Table;
  } catch (e) {
    // (Bun's parse errors carry no usable line number.)
    throw new CommandError(`${file}: ${(e as Error).message.replace(/^TOML Parse error: /, "")}`);
  }
  const base = dirname(file);
  const top = new Checker(file, "", doc, ["session", "cwd", "env", "window"]);
  const topCwd = top.string("cwd");
  const defaults = { cwd: topCwd !== undefined ? expandPath(topCwd, base, home) : undefined, env: top.env("env") };
  const windows = top.tables("window").map((wt, wi): WindowSpec => {
    const wc = new Checker(file, `window ${wi + 1}`, wt, ["name", "layout", "focus", "cwd", "env", "pane"]);
    const wCwd = wc.string("cwd");
    const wDefaults = { cwd: wCwd !== undefined ? expandPath(wCwd, base, home) : defaults.cwd, env: { ...defaults.env, ...wc.env("env") } };
    const layout = wc.string("layout");
    const paneTables = wc.tables("pane");
    const panes = (paneTables.length ? paneTables : [{}]).map((pt, pi) =>
      paneSpec(new Checker(file, `window ${wi + 1}: pane ${pi + 1}`, pt, ["command", "cwd", "env", "split", "size", "of", "send", "focus"]), pi === 0, pi, base, home, wDefaults),
    );
    return { name: wc.string("name"), layout, focus: wc.bool("focus"), panes };
  });
  if (windows.length === 0) top.fail("no [[window]]");
  return { session: top.string("session"), windows };
}

function typeKeys(p: Pane, keys: string[]): void {
  const m = p.modes;
  for (const k of keys) {
    p.write(encodeKey(k, { applicationCursor: m.applicationCursorKeysMode, applicationKeypad: m.applicationKeypadMode, bracketedPaste: m.bracketedPasteMode }) ?? Buffer.from(k, "utf8"));
  }
}

/** Create a session from a layout file (new-session --layout). On any failure nothing is left behind. */
export function sessionFromLayout(ctx: CommandContext, path: string, base: { name?: string; cols: number; rows: number; cwd: string; environ: Environ }): Session {
  const home = ctx.env.HOME ?? "";
  const file = resolve(ctx.cwd, path === "~" || path.startsWith("~/") ? home + path.slice(1) : path);
  let text: string;
  try {
    text = nodeFs().readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CommandError(`${path}: ${code === "ENOENT" ? "No such file or directory" : (e as Error).message}`);
  }
  const spec = parseLayout(path, text, home);
  for (const w of spec.windows) {
    if (w.layout !== undefined && lookupPreset(w.layout) === null && !/^[0-9a-fA-F]{4},/.test(w.layout)) {
      throw new CommandError(`${path}: window ${spec.windows.indexOf(w) + 1}: unknown layout "${w.layout}"`);
    }
  }
  const { model } = ctx;
  // new-session -e is in the session's environment, under what the file sets for a pane.
  const opts = (p: PaneSpec): NewPaneOptions => ({ command: p.command, cwd: p.cwd ?? base.cwd, env: p.env });
  const first = spec.windows[0]!;
  const s = model.createSession({
    name: base.name ?? spec.session,
    cwd: base.cwd,
    environ: base.environ,
    cols: base.cols,
    rows: base.rows,
    windowName: first.name,
    pane: opts(first.panes[0]!),
  });
  try {
    const typed: [Pane, string[]][] = [];
    spec.windows.forEach((ws, wi) => {
      const w = wi === 0 ? s.current : model.createWindow(s, { name: ws.name, pane: opts(ws.panes[0]!) });
      const panes: Pane[] = [w.active];
      ws.panes.forEach((ps, pi) => {
        if (pi > 0) {
          const target = panes[ps.of ?? pi - 1]!;
          try {
            panes.push(model.splitPane(w, target, { horizontal: ps.split === "h", size: ps.size }, opts(ps)));
          } catch (e) {
            throw new CommandError(`${path}: window ${wi + 1}: pane ${pi + 1}: ${(e as Error).message}`);
          }
        }
        if (ps.send.length) typed.push([panes[pi]!, ps.send]);
      });
      if (ws.layout !== undefined) {
        const preset = lookupPreset(ws.layout);
        if (preset !== null) applyPreset(ctx, w, preset);
        else {
          try {
            w.layout.setLayoutString(ws.layout);
          } catch {
            throw new CommandError(`${path}: window ${wi + 1}: can't set layout: ${ws.layout}`);
          }
          w.applyLayout();
        }
      }
      const focus = ws.panes.findIndex((p) => p.focus);
      w.setActive(panes[Math.max(0, focus)]!);
      w.lastPane = null;
      const link = s.linkOf(w);
      if (ws.focus && link) s.curw = link;
    });
    for (const [p, keys] of typed) typeKeys(p, keys);
  } catch (e) {
    model.destroySession(s);
    throw e;
  }
  return s;
}
