// cmd-find's parts the goldens cannot reach from a shell (attached clients, the mouse, the
// marked pane as default, flags), and fnmatch, on small hand-built models.
import { describe, expect, test } from "bun:test";
import {
  FindError, findClient, findTarget, stateOfPane, stateOfWindow,
  type FindClient, type FindContext, type FindModel, type FindPane, type FindSession, type FindState, type FindWindow,
  type FindWinlink,
} from "../../../src/mux/lang/cmd-find.ts";
import { fnmatch } from "../../../src/mux/model/fnmatch.ts";

let nextPane = 0;
let nextWindow = 0;

function pane(x: number, y: number, width: number, height: number, activePoint = 0): FindPane {
  return { id: nextPane++, x, y, width, height, activePoint };
}

function window(name: string, panes: FindPane[], active = panes[0]): FindWindow {
  if (!active) throw new Error("window without panes");
  return { id: nextWindow++, name, panes, active, last: null, zoomed: false, width: 80, height: 24, paneBaseIndex: 0, borderStatus: "off" };
}

function session(id: number, name: string, windows: FindWindow[], activity: number, attached = 0): FindSession {
  const winlinks: FindWinlink[] = windows.map((w, index) => ({ index, window: w }));
  const current = winlinks[0];
  if (!current) throw new Error("session without windows");
  return { id, name, winlinks, current, lastWindow: null, activity, attached };
}

function state(s: FindSession, index: number, paneIndex: number): FindState {
  const wl = s.winlinks.find((x) => x.index === index);
  const p = wl?.window.panes[paneIndex];
  if (!wl || !p) throw new Error("no such pane");
  return { session: s, winlink: wl, window: wl.window, pane: p, index: null };
}

function where(st: FindState | null): string {
  return st === null ? "null" : `${st.session.name}:${st.winlink.index}.${st.window.panes.indexOf(st.pane)}`;
}

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof FindError) return e.message;
    throw e;
  }
  return "no error";
}

// Two sessions; "old" is older and attached, "new" is the most recent and unattached.
const quad = window("quad", [pane(0, 0, 40, 12), pane(0, 13, 40, 11), pane(41, 0, 39, 12), pane(41, 13, 39, 11)]);
const solo = window("solo", [pane(0, 0, 80, 24)]);
const older = session(0, "old", [quad, solo], 1, 1);
const newer = session(1, "new", [window("other", [pane(0, 0, 80, 24)])], 2);
const marked = state(older, 0, 3);
const client: FindClient = { name: "/dev/pts/7", tty: "/dev/pts/7", session: older, activity: 5 };
const model: FindModel = { sessions: [older, newer], clients: [client], marked };
const none: FindContext = {};

describe("current", () => {
  test("with no client the most recently active session is current", () => {
    expect(where(findTarget(model, none, "", "pane"))).toBe("new:0.0");
  });
  test("preferUnattached only reorders attached against unattached sessions", () => {
    const both = { sessions: [session(0, "a", [window("w", [pane(0, 0, 80, 24)])], 9, 1), session(1, "b", [window("w", [pane(0, 0, 80, 24)])], 1)] };
    expect(where(findTarget(both, none, "", "session"))).toBe("a:0.0");
    expect(where(findTarget(both, none, "", "session", { preferUnattached: true }))).toBe("b:0.0");
  });
  test("an attached client's session and its own active pane are current", () => {
    const ctx = { client: { ...client, activePane: quad.panes[1] } };
    expect(where(findTarget(model, ctx, "", "pane"))).toBe("old:0.1");
    expect(where(findTarget(model, ctx, ".+", "pane"))).toBe("old:0.2");
  });
  test("a valid queue state wins over the client; an invalid one is ignored", () => {
    expect(where(findTarget(model, { client, queue: state(older, 0, 2) }, "{down-of}", "pane"))).toBe("old:0.3");
    const stale = { ...state(older, 0, 2), pane: pane(0, 0, 1, 1) };
    expect(where(findTarget(model, { client, queue: stale }, "", "pane"))).toBe("old:0.0");
  });
  test("defaultMarked makes the marked pane current, when it is valid", () => {
    expect(where(findTarget(model, none, "", "pane", { defaultMarked: true }))).toBe("old:0.3");
    expect(where(findTarget(model, none, "{up-of}", "pane", { defaultMarked: true }))).toBe("old:0.2");
    expect(where(findTarget({ ...model, marked: null }, none, "", "pane", { defaultMarked: true }))).toBe("new:0.0");
  });
  test("a client inside a pane by its tty (before $TMUX_PANE)", () => {
    const inQuad = { ...quad, panes: quad.panes.map((p, i) => (i === 2 ? { ...p, tty: "/dev/pts/9" } : p)) };
    const s = { ...older, winlinks: [{ index: 0, window: inQuad }], current: { index: 0, window: inQuad } };
    const m = { sessions: [s, newer] };
    const inside = { client: { name: "x", tty: "/dev/pts/9", session: null, activity: 0, tmuxPane: `%${newer.current.window.active.id}` } };
    expect(findTarget(m, inside, "", "session")?.session.name).toBe("old");
  });
});

describe("flags", () => {
  test("canFail returns null instead of an error, quiet marks the error", () => {
    expect(findTarget(model, none, "nosuch", "pane", { canFail: true })).toBeNull();
    let err: unknown = null;
    try {
      findTarget(model, none, "nosuch", "pane", { quiet: true });
    } catch (e) {
      err = e;
    }
    expect(err instanceof FindError && err.quiet).toBe(true);
  });
  test("exactSession and exactWindow as flags, as '=' sets them", () => {
    expect(message(() => findTarget(model, none, "ol", "session", { exactSession: true }))).toBe("can't find session: ol");
    expect(where(findTarget(model, none, "ol", "session"))).toBe("old:0.0");
    expect(message(() => findTarget(model, none, "old:so", "window", { exactWindow: true }))).toBe("can't find window: so");
  });
  test("windowIndex: a free index, offsets past the end, no pane", () => {
    expect(findTarget(model, none, "old:7", "window", { windowIndex: true })?.index).toBe(7);
    expect(findTarget(model, { client }, ":+3", "window", { windowIndex: true })?.index).toBe(3);
    expect(findTarget(model, none, "old:", "window", { windowIndex: true })?.index).toBeNull();
    expect(message(() => findTarget(model, none, "old:1.0", "window", { windowIndex: true }))).toBe("can't specify pane here");
  });
  test("no sessions: no current target, whatever the target", () => {
    expect(message(() => findTarget({ sessions: [] }, none, "%0", "pane"))).toBe("no current target");
  });
});

describe("clients and the mouse", () => {
  test("an attached client's name is a session name", () => {
    expect(where(findTarget(model, none, "pts/7:1", "window"))).toBe("old:1.0");
  });
  test("findClient by name, tty without /dev/, and tmux's messages", () => {
    expect(findClient(model, null, "pts/7:", false)).toBe(client);
    expect(message(() => findClient(model, null, "pts/1:", false))).toBe("can't find client: pts/1");
    expect(findClient(model, null, null)).toBe(client); // best session "new" has no client: any attached one
    expect(message(() => findClient({ sessions: [older] }, null, null))).toBe("no current client");
    expect(findClient({ sessions: [older] }, null, null, true)).toBeNull();
  });
  test("{mouse} and '=': the pane under it, or its window's active pane, or an error", () => {
    const mouse = { session: older, winlink: older.winlinks[0] ?? null, pane: quad.panes[3] ?? null };
    expect(where(findTarget(model, { mouse }, "{mouse}", "pane"))).toBe("old:0.3");
    expect(where(findTarget(model, { mouse }, "=", "window"))).toBe("old:0.0");
    expect(where(findTarget(model, { mouse: { ...mouse, pane: null, winlink: null } }, "=", "pane"))).toBe("old:0.0");
    expect(message(() => findTarget(model, {}, "{mouse}", "pane"))).toBe("no mouse target");
  });
});

describe("states from a pane or window", () => {
  test("a window linked twice: the best session, its current winlink if it shows the window", () => {
    const w = window("shared", [pane(0, 0, 40, 24), pane(41, 0, 39, 24)]);
    const a = session(0, "a", [window("x", [pane(0, 0, 80, 24)]), w, w], 1);
    const b = { ...session(1, "b", [w, window("y", [pane(0, 0, 80, 24)])], 2) };
    const m = { sessions: [a, b] };
    expect(where(stateOfWindow(m, w))).toBe("b:0.0");
    expect(where(stateOfPane({ sessions: [a] }, w.panes[1] ?? w.active))).toBe("a:1.1");
    const showing = { ...a, current: a.winlinks[2] ?? a.current };
    expect(where(stateOfWindow({ sessions: [showing] }, w))).toBe("a:2.0");
    expect(stateOfPane({ sessions: [newer] }, w.active)).toBeNull();
  });
});

describe("neighbours", () => {
  test("of several panes across a border, the most recently active", () => {
    const top = [pane(0, 0, 40, 12, 3), pane(41, 0, 39, 12, 5)];
    const w = window("w", [...top, pane(0, 13, 80, 11)], top[0]);
    const s = session(0, "s", [w], 1);
    const m = { sessions: [s] };
    expect(where(findTarget(m, { queue: state(s, 0, 2) }, "{up-of}", "pane"))).toBe("s:0.1");
    expect(where(findTarget(m, { queue: state(s, 0, 2) }, "{down-of}", "pane"))).toBe("s:0.1");
  });
});

describe("fnmatch", () => {
  const cases: [string, string, boolean][] = [
    ["a*", "alpha", true], ["*a", "alpha", true], ["a?p*", "alpha", true], ["a?", "alpha", false],
    ["[ab]eta", "beta", true], ["[!ab]eta", "beta", false], ["[^ab]eta", "zeta", true], ["[a-c]*", "beta", true],
    ["[]]x", "]x", true], ["[", "[", true], ["[x", "[x", true], ["ma\\*", "ma*", true], ["ma\\*", "max", false],
    ["x\\", "x\\", false], ["[[:digit:]]*", "10", true], ["[[:alpha:]]", "1", false], ["*", "", true], ["?", "", false],
    ["a/b", "a/b", true], ["*b", ".b", true], ["é?", "éa", true],
    ["DISPLAY", "DISPLAY", true], ["DISPLAY", "DISPLAY2", false], ["DISPLAY", "display", false], ["", "", true], ["", "x", false],
  ];
  for (const [p, s, want] of cases) test(`${p} ${s}`, () => expect(fnmatch(p, s)).toBe(want));
});
