// cmd-find against tmux 3.3a: the layout scripts/goldens/cmd-find.sh built in tmux, rebuilt
// through the resolver's model interface, and every recorded target answer and message.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  FindError, findTarget,
  type BorderStatus, type FindContext, type FindKind, type FindModel, type FindPane, type FindSession, type FindState,
  type FindWindow, type FindWinlink,
} from "../../../src/mux/lang/cmd-find.ts";

const GOLDEN = readFileSync(join(import.meta.dir, "goldens/cmd-find/cmd-find.out"), "utf8");

interface MutablePane extends FindPane {
  activePoint: number;
}
interface MutableWindow extends FindWindow {
  panes: MutablePane[];
  active: MutablePane;
  last: MutablePane | null;
}
interface MutableSession extends FindSession {
  winlinks: FindWinlink[];
  current: FindWinlink;
  lastWindow: FindWinlink | null;
  activity: number;
}

function field(words: string[], i: number): string {
  const w = words[i];
  if (w === undefined) throw new Error(`golden: missing field ${i} in ${words.join(" ")}`);
  return w;
}

/** The layout lines of the golden, as a model. */
function buildModel(text: string): FindModel {
  const sessions = new Map<string, MutableSession>();
  const windows = new Map<string, MutableWindow>();
  const panes = new Map<string, MutablePane>();
  const windowPanes = new Map<string, { pane: MutablePane; active: boolean; last: boolean }[]>();
  const winlinks: { session: string; index: number; window: string; current: boolean; last: boolean }[] = [];
  let marked: { session: string; index: number; pane: string } | null = null;
  let created = 0;
  let activated = 0;
  for (const line of text.split("\n")) {
    const w = line.split(" ");
    switch (w[0]) {
      case "session":
        sessions.set(field(w, 2), {
          id: Number(field(w, 1).slice(1)), name: field(w, 2), winlinks: [], current: null as unknown as FindWinlink,
          lastWindow: null, activity: 0, attached: 0,
        });
        break;
      case "created": {
        const s = sessions.get(field(w, 1));
        if (s) s.activity = ++created;
        break;
      }
      case "winlink":
        winlinks.push({ session: field(w, 1), index: Number(field(w, 2)), window: field(w, 3), current: w[4] === "current", last: w[5] === "last" });
        break;
      case "window":
        windows.set(field(w, 1), {
          id: Number(field(w, 1).slice(1)), width: Number(field(w, 2)), height: Number(field(w, 3)), zoomed: w[4] === "zoomed",
          paneBaseIndex: Number(field(w, 5)), borderStatus: field(w, 6) as BorderStatus, name: w.slice(7).join(" "),
          panes: [], active: null as unknown as MutablePane, last: null,
        });
        break;
      case "pane": {
        const p: MutablePane = {
          id: Number(field(w, 1).slice(1)), x: Number(field(w, 3)), y: Number(field(w, 4)), width: Number(field(w, 5)),
          height: Number(field(w, 6)), activePoint: 0,
        };
        panes.set(field(w, 1), p);
        const list = windowPanes.get(field(w, 2)) ?? [];
        list.push({ pane: p, active: w[7] === "active", last: w[8] === "last" });
        windowPanes.set(field(w, 2), list);
        break;
      }
      case "marked":
        marked = { session: field(w, 1), index: Number(field(w, 2)), pane: field(w, 3) };
        break;
      case "activate": {
        const p = panes.get(field(w, 1));
        if (p) p.activePoint = ++activated;
        break;
      }
    }
  }
  for (const [id, list] of windowPanes) {
    const win = windows.get(id);
    if (!win) throw new Error(`golden: panes of unknown window ${id}`);
    win.panes = list.map((x) => x.pane);
    for (const x of list) {
      if (x.active) win.active = x.pane;
      if (x.last) win.last = x.pane;
    }
  }
  for (const l of winlinks) {
    const s = sessions.get(l.session);
    const win = windows.get(l.window);
    if (!s || !win) throw new Error(`golden: bad winlink ${l.session}:${l.index}`);
    const wl: FindWinlink = { index: l.index, window: win };
    s.winlinks.push(wl);
    if (l.current) s.current = wl;
    if (l.last) s.lastWindow = wl;
  }
  for (const s of sessions.values()) s.winlinks.sort((a, b) => a.index - b.index);
  let markedState: FindState | null = null;
  if (marked) {
    const s = sessions.get(marked.session);
    const wl = s?.winlinks.find((x) => x.index === marked?.index);
    const p = panes.get(marked.pane);
    if (s && wl && p) markedState = { session: s, winlink: wl, window: wl.window, pane: p, index: null };
  }
  return { sessions: [...sessions.values()], marked: markedState };
}

interface Case {
  context: string;
  kind: FindKind | "index";
  target: string;
  answer: string;
}

function cases(text: string): Case[] {
  const out: Case[] = [];
  for (const line of text.split("\n")) {
    const m = /^case (\S+) (\S+)\t(.*)\t(.*)$/.exec(line);
    if (!m) continue;
    out.push({ context: m[1] ?? "", kind: (m[2] ?? "") as Case["kind"], target: m[3] ?? "", answer: m[4] ?? "" });
  }
  return out;
}

const model = buildModel(GOLDEN);
/** The "empty" cases ran before the layout was built: a server with no sessions. */
const emptyModel: FindModel = { sessions: [] };
const none: FindContext = { client: { name: "", tty: "", session: null, activity: 0 } };

function contextOf(name: string): FindContext {
  if (name === "-" || name === "empty") return none;
  if (name.startsWith("%")) return { client: { name: "", tty: "", session: null, activity: 0, tmuxPane: name } };
  const hook = /^hook:(.*)$/.exec(name);
  if (hook) return { ...none, queue: findTarget(model, none, hook[1], "pane") };
  throw new Error(`golden: unknown context ${name}`);
}

/** What tmux printed for the case's command, computed from our resolution. */
function answerOf(c: Case): string {
  const ctx = contextOf(c.context);
  let st: FindState | null;
  try {
    st = findTarget(c.context === "empty" ? emptyModel : model, ctx, c.target, c.kind === "index" ? "window" : c.kind, { windowIndex: c.kind === "index" });
  } catch (e) {
    if (e instanceof FindError) return `err ${e.message}`;
    throw e;
  }
  if (st === null) return "null";
  const where = `${st.session.name}:${st.winlink.index}`;
  switch (c.kind) {
    case "pane":
      return `ok ${where} %${st.pane.id}`;
    case "window":
      return `ok ${where} %${st.window.active.id}`;
    case "session":
      return `ok ${st.session.name}`;
    case "index":
      return indexAnswer(st, c.answer);
  }
}

/**
 * new-window -t: an index in use is new-window's error; a missing index (null) lets tmux pick a
 * free one, so any index not in use in the right session agrees.
 */
function indexAnswer(st: FindState, tmux: string): string {
  const used = (i: number) => st.session.winlinks.some((wl) => wl.index === i);
  if (st.index !== null) return used(st.index) ? `err create window failed: index ${st.index} in use` : `ok ${st.session.name}:${st.index}`;
  const picked = /^ok (.*):(\d+)$/.exec(tmux);
  if (picked && picked[1] === st.session.name && !used(Number(picked[2]))) return tmux;
  return `ok ${st.session.name}:(any free)`;
}

const all = cases(GOLDEN);

describe("cmd-find goldens (tmux 3.3a)", () => {
  test("the golden has its layout and cases", () => {
    expect(model.sessions.length).toBe(4);
    expect(all.length).toBeGreaterThan(2000);
  });
  for (const context of [...new Set(all.map((c) => c.context))]) {
    test(`context ${context}`, () => {
      const mismatches = all
        .filter((c) => c.context === context)
        .map((c) => ({ c, ours: answerOf(c) }))
        .filter(({ c, ours }) => ours !== c.answer)
        .map(({ c, ours }) => `${c.kind} ${JSON.stringify(c.target)}: tmux ${JSON.stringify(c.answer)}, ours ${JSON.stringify(ours)}`);
      expect(mismatches).toEqual([]);
    });
  }
});
