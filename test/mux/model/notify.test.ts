// The model's change stream: each command that changes the model announces each change once,
// in order, through the notifier (and nothing else tells a client to repaint). Commands run
// through the server's command runner on real panes (sh), with no socket and no client.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { Server } from "../../../src/mux/server/server.ts";
import { COMMANDS } from "../../../src/cli/commands/index.ts";
import type { ModelEvent } from "../../../src/mux/model/index.ts";
import { waitFor } from "../../helpers/wait.ts";

let server: Server;
const seen: ModelEvent[] = [];

/**
 * Events a pane's program causes on its own time (its output, the title it sets, its terminal
 * answering a resize) are left out: they are not the command's, and arrive when they arrive.
 */
const PROGRAM_EVENTS = new Set(["pane-output", "pane-data", "pane-title-changed", "pane-changed", "pane-bell", "alert-activity", "alert-bell", "alert-silence"]);

/** An event as a short line: its type and the ids of what it names. */
function describe(e: ModelEvent): string {
  const parts: string[] = [e.type];
  if ("session" in e) parts.push(`$${e.session.id}`);
  if ("window" in e) parts.push(`@${e.window.id}`);
  if ("pane" in e && e.pane) parts.push(`%${e.pane.id}`);
  if ("buffer" in e) parts.push(e.buffer.name);
  if ("name" in e) parts.push(e.name);
  return parts.join(" ");
}

/** Run a command line; the events it caused, described. Fails on a command error. */
async function run(line: string): Promise<string[]> {
  seen.length = 0;
  const parsed = server.runner.parseString(line, null);
  if (!parsed.ok) throw new Error(`${line}: ${parsed.error}`);
  const code = await server.runner.run(parsed.commands, { conn: null });
  if (code !== 0) throw new Error(`${line}: ${server.runner.causes.splice(0).join("; ")}`);
  return seen.filter((e) => !PROGRAM_EVENTS.has(e.type)).map(describe);
}

/** Ids by name: `$` sessions, `@` windows, `%` panes, as targets and events show them. */
function ids(target: string): { s: string; w: string; p: string } {
  const t = server.model.sessions.flatMap((s) => s.links.flatMap(({ index, window: w }) => [...w.panes.values()].map((p) => ({ s, w, p, index }))));
  const [sName, rest] = target.split(":");
  const [wIndex, pIndex] = rest === undefined ? [] : rest.split(".");
  const hit = t.find(({ s, w, p, index }) => s.name === sName && (wIndex === undefined || String(index) === wIndex) && (pIndex === undefined || String(w.paneIndex(p)) === pIndex));
  if (!hit) throw new Error(`no ${target}`);
  return { s: `$${hit.s.id}`, w: `@${hit.w.id}`, p: `%${hit.p.id}` };
}

beforeAll(() => {
  server = new Server({ socketPath: `/tmp/weft-notify-test-${process.pid}.sock`, commands: COMMANDS, configFiles: [], version: "test" });
  server.model.notify.subscribe((e) => seen.push(e));
});

afterAll(() => {
  for (const s of [...server.model.sessions]) server.model.destroySession(s);
});

test("new-session: the first window is linked, then the session exists", async () => {
  const events = await run("new-session -d -s a -x 80 -y 24");
  const a = ids("a:0");
  expect(events).toEqual([`window-linked ${a.s} ${a.w}`, `session-created ${a.s}`]);
});

test("new-window: current, then linked (tmux's spawn_window order)", async () => {
  const events = await run("new-window -t a");
  const w1 = ids("a:1");
  expect(events).toEqual([`session-window-changed ${w1.s} ${w1.w}`, `window-linked ${w1.s} ${w1.w}`]);
  expect(await run("new-window -d -t a")).toEqual([`window-linked ${w1.s} ${ids("a:2").w}`]);
});

test("select-window, last-window, next-window: the current window changes once each", async () => {
  const { s } = ids("a:0");
  expect(await run("select-window -t a:0")).toEqual([`session-window-changed ${s} ${ids("a:0").w}`]);
  expect(await run("last-window -t a")).toEqual([`session-window-changed ${s} ${ids("a:1").w}`]);
  expect(await run("next-window -t a")).toEqual([`session-window-changed ${s} ${ids("a:2").w}`]);
  // Selecting the current window changes nothing, and says nothing.
  expect(await run("select-window -t a:2")).toEqual([]);
});

test("rename-window and rename-session", async () => {
  const w = ids("a:2");
  expect(await run("rename-window -t a:2 logs")).toEqual([`window-renamed ${w.w}`]);
  expect(await run("rename-session -t a b")).toEqual([`session-renamed ${w.s}`]);
  expect(await run("rename-session -t b a")).toEqual([`session-renamed ${w.s}`]);
});

test("split-window: the new pane is active, then the layout changes (tmux's spawn_pane order)", async () => {
  const events = await run("split-window -t a:0");
  const [first, second] = [ids("a:0.0"), ids("a:0.1")];
  expect(events).toEqual([`window-pane-changed ${first.w} ${second.p}`, `window-layout-changed ${first.w}`]);
  // -d: the layout only.
  expect(await run("split-window -d -t a:0.1")).toEqual([`window-layout-changed ${first.w}`]);
});

test("select-pane: the active pane changes once; -T sets the title", async () => {
  const p0 = ids("a:0.0");
  // As tmux 3.3a's select-pane, the window's place in its session stays as it was.
  expect(await run("select-pane -t a:0.0")).toEqual([`window-pane-changed ${p0.w} ${p0.p}`]);
  expect(await run("select-pane -t a:0.0")).toEqual([]);
  seen.length = 0;
  await run("select-pane -t a:0.0 -T hello");
  expect(seen.map(describe)).toEqual([`pane-title-changed ${p0.p}`]);
});

test("last-pane: back to the previous active pane", async () => {
  await run("select-pane -t a:0.2");
  const p0 = ids("a:0.0");
  expect(await run("last-pane -t a:0")).toEqual([`window-pane-changed ${p0.w} ${p0.p}`]);
});

test("resize-pane, rotate-window, swap-pane: one layout change each; a select-layout preset two, as tmux's", async () => {
  const { w } = ids("a:0");
  expect(await run("resize-pane -t a:0.0 -D 2")).toEqual([`window-layout-changed ${w}`]);
  expect(await run("select-layout -t a:0 even-vertical")).toEqual([`window-layout-changed ${w}`, `window-layout-changed ${w}`]);
  expect(await run("rotate-window -t a:0")).toEqual([`window-pane-changed ${w} ${ids("a:0.0").p}`, `window-layout-changed ${w}`]);
  const [top, bottom] = [ids("a:0.0").p, ids("a:0.1").p];
  expect(await run("swap-pane -d -s a:0.0 -t a:0.1")).toEqual([`window-layout-changed ${w}`]);
  expect([ids("a:0.0").p, ids("a:0.1").p]).toEqual([bottom, top]);
});

test("resize-pane -Z: zoom and unzoom are layout changes", async () => {
  const { w } = ids("a:0");
  expect(await run("resize-pane -Z -t a:0.0")).toEqual([`window-layout-changed ${w}`]);
  expect(await run("resize-pane -Z -t a:0.0")).toEqual([`window-layout-changed ${w}`]);
});

test("kill-pane: the layout closes over it", async () => {
  const { w } = ids("a:0");
  expect(await run("kill-pane -t a:0.2")).toEqual([`window-layout-changed ${w}`]);
});

test("break-pane: out of its window (a layout change) into a new window, made current", async () => {
  const from = ids("a:0");
  const p = ids("a:0.1").p;
  const events = await run("break-pane -s a:0.1 -t a:5");
  const to = ids("a:5");
  expect(to.p).toBe(p);
  expect(events).toEqual([
    `window-layout-changed ${from.w}`, // removePane
    `window-layout-changed ${from.w}`, // the window left behind is laid out again
    `window-linked ${to.s} ${to.w}`,
    `window-layout-changed ${to.w}`,
    `window-resized ${to.w}`, // the new window takes the size of the one the pane left
    `session-window-changed ${to.s} ${to.w}`,
  ]);
});

test("break-pane of a window's only pane moves the window: unlinked, linked", async () => {
  const w = ids("a:5");
  expect(await run("break-pane -d -s a:5.0 -t a:6")).toEqual([`window-unlinked ${w.s} ${w.w}`, `window-linked ${w.s} ${w.w}`]);
});

test("join-pane: the source window closes when emptied, the target is laid out", async () => {
  const src = ids("a:6");
  const dst = ids("a:0");
  const next = { w: `@${server.model.sessions.find((s) => s.name === "a")?.lastWindow?.id}` };
  const events = await run("join-pane -d -s a:6.0 -t a:0.0");
  // a:6 was current: the session moves to its last window first, as tmux's session_detach.
  expect(events).toEqual([`session-window-changed ${src.s} ${next.w}`, `window-unlinked ${src.s} ${src.w}`, `window-layout-changed ${dst.w}`]);
});

test("kill-window: unlinked (the current one: the session's last window first, as tmux)", async () => {
  const w = ids("a:2");
  await run("select-window -t a:1");
  await run("select-window -t a:2");
  const last = ids("a:1");
  expect(await run("kill-window -t a:2")).toEqual([`session-window-changed ${w.s} ${last.w}`, `window-unlinked ${w.s} ${w.w}`]);
});

test("link-window: linked into the destination (then current without -d); unlink-window: unlinked there only", async () => {
  await run("new-session -d -s lk");
  const w = ids("a:0");
  const lk = ids("lk:0");
  expect(await run("link-window -d -s a:0 -t lk:5")).toEqual([`window-linked ${lk.s} ${w.w}`]);
  expect(await run("link-window -s a:0 -t lk:6")).toEqual([`window-linked ${lk.s} ${w.w}`, `session-window-changed ${lk.s} ${w.w}`]);
  expect(await run("unlink-window -t lk:5")).toEqual([`window-unlinked ${lk.s} ${w.w}`]);
  expect(server.model.findWindow(Number(w.w.slice(1)))?.references).toBe(2);
  await run("kill-session -t lk");
});

test("new-session -t: its own window, then the group's, linked into it, then created; a new window reaches every member", async () => {
  await run("new-session -d -s gr");
  await run("new-window -d -t gr:1");
  const [w0, w1] = [ids("gr:0").w, ids("gr:1").w];
  const events = await run("new-session -d -s gr2 -t gr");
  const g2 = ids("gr2:0").s;
  // As tmux: its own first window is linked, then replaced by the group's (and so destroyed).
  const own = `@${Number(w1.slice(1)) + 1}`;
  expect(events).toEqual([`window-linked ${g2} ${own}`, `window-linked ${g2} ${w0}`, `window-linked ${g2} ${w1}`, `window-unlinked ${g2} ${own}`, `session-created ${g2}`]);
  expect(server.model.findWindow(Number(own.slice(1)))).toBeNull();
  // As tmux's session_group_synchronize_from: the other member links every window again.
  const added = await run("new-window -d -t gr:2");
  const w2 = ids("gr:2").w;
  expect(added).toEqual([`window-linked ${ids("gr:0").s} ${w2}`, `window-linked ${g2} ${w0}`, `window-linked ${g2} ${w1}`, `window-linked ${g2} ${w2}`]);
  // server_kill_window takes the sessions by name: gr first, and gr2 follows it as a member.
  const g = ids("gr:0").s;
  expect(await run("kill-window -t gr2:1")).toEqual([`window-unlinked ${g} ${w1}`, `window-linked ${g2} ${w0}`, `window-linked ${g2} ${w2}`, `window-unlinked ${g2} ${w1}`]);
  await run("kill-session -t gr2");
  await run("kill-session -t gr");
});

test("set-option: one option change, at any level", async () => {
  expect(await run("set-option -g status-left x")).toEqual(["option-changed status-left"]);
  expect(await run("set-window-option -t a:0 monitor-activity on")).toEqual(["option-changed monitor-activity"]);
  expect(await run("set-option -u -t a status-left")).toEqual(["option-changed status-left"]);
});

test("paste buffers: set, append, rename and delete announce the buffer", async () => {
  expect(await run("set-buffer -b one hello")).toEqual(["paste-buffer-changed one"]);
  expect(await run("set-buffer -a -b one more")).toEqual(["paste-buffer-changed one"]);
  expect(await run("set-buffer -b one -n two")).toEqual(["paste-buffer-changed two"]);
  expect(await run("delete-buffer -b two")).toEqual(["paste-buffer-deleted two"]);
});

test("respawn-pane -k: the pane's program starts again", async () => {
  const p = ids("a:0.0");
  expect(await run("respawn-pane -k -t a:0.0")).toEqual([`pane-respawned ${p.p}`]);
});

test("copy-mode: entering and leaving are mode changes", async () => {
  const p = ids("a:0.0");
  expect(await run("copy-mode -t a:0.0")).toEqual([`pane-mode-changed ${p.p}`]);
  expect(await run("copy-mode -q -t a:0.0")).toEqual([`pane-mode-changed ${p.p}`]);
});

test("a program that exits: pane-exited, then its pane goes (or stays dead under remain-on-exit)", async () => {
  // The exit arrives from the gather worker, after the command that started the pane has returned.
  const after = (from: number) => seen.slice(from).filter((e) => !PROGRAM_EVENTS.has(e.type)).map(describe);
  await run("split-window -d -t a:0.0 'exit 0'");
  const gone = ids("a:0.1");
  let from = seen.length;
  await waitFor(() => seen.some((e) => e.type === "pane-exited"), "pane-exited");
  expect(after(from)).toEqual([`pane-exited ${gone.w} ${gone.p}`, `window-layout-changed ${gone.w}`]);
  await run("set-option -w -t a:0 remain-on-exit on");
  await run("split-window -d -t a:0.0 'exit 3'");
  const dead = ids("a:0.1");
  from = seen.length;
  await waitFor(() => seen.some((e) => e.type === "pane-died"), "pane-died");
  expect(after(from)).toEqual([`pane-died ${dead.w} ${dead.p}`]);
});

test("kill-session: the last paint, then closed, then its windows unlinked (tmux's session_destroy)", async () => {
  await run("new-session -d -s doomed");
  const { s, w } = ids("doomed:0");
  expect(await run("kill-session -t doomed")).toEqual([`session-closing ${s}`, `session-closed ${s}`, `window-unlinked ${s} ${w}`]);
});

test("killing a session's last window closes the session", async () => {
  await run("new-session -d -s last");
  const t = ids("last:0");
  expect(await run("kill-window -t last:0")).toEqual([`session-closing ${t.s}`, `window-unlinked ${t.s} ${t.w}`, `session-closed ${t.s}`]);
});

test("buffers from capture-pane, load-buffer and buffer-limit; paste-buffer -d deletes", async () => {
  await run("new-session -d -s m -x 40 -y 10");
  expect(await run("capture-pane -t m -b shot")).toEqual(["paste-buffer-changed shot"]);
  const file = `/tmp/weft-notify-${process.pid}.txt`;
  await Bun.write(file, "from a file");
  expect(await run(`load-buffer -b file ${file}`)).toEqual(["paste-buffer-changed file"]);
  expect(await run("paste-buffer -d -b file -t m")).toEqual(["paste-buffer-deleted file"]);
  // Automatic buffers beyond buffer-limit go, oldest first, as the new one comes.
  await run("set-option -g buffer-limit 1");
  const first = (await run("set-buffer one"))[0];
  const events = await run("set-buffer two");
  expect(events).toEqual([first!.replace("changed", "deleted"), events[1]!]);
  expect(events[1]).toMatch(/^paste-buffer-changed buffer\d+$/);
  await run("set-option -g buffer-limit 50");
});

test("swap-pane across windows and move-pane: both windows are laid out again", async () => {
  await run("new-window -d -t m");
  const [w0, w1] = [ids("m:0"), ids("m:1")];
  expect(await run("swap-pane -d -s m:0.0 -t m:1.0")).toEqual([`window-layout-changed ${w0.w}`, `window-layout-changed ${w1.w}`]);
  await run("split-window -d -t m:1");
  const moving = ids("m:1.1").p;
  const events = await run("move-pane -d -s m:1.1 -t m:0.0");
  expect(ids("m:0.1").p).toBe(moving);
  expect(events).toEqual([`window-layout-changed ${w1.w}`, `window-layout-changed ${w1.w}`, `window-layout-changed ${w0.w}`]);
});

test("copy mode's own commands (send-keys -X) announce the mode's change once", async () => {
  const p = ids("m:0.0");
  await run("copy-mode -t m:0.0");
  expect(await run("send-keys -X -t m:0.0 cursor-up")).toEqual([`pane-mode-changed ${p.p}`]);
  // Leaving announces itself; the command adds nothing.
  expect(await run("send-keys -X -t m:0.0 cancel")).toEqual([`pane-mode-changed ${p.p}`]);
});

test("the notifier: every listener hears every event, in order, until it unsubscribes", async () => {
  const { Notifier } = await import("../../../src/mux/model/notify.ts");
  const n = new Notifier();
  const a: string[] = [];
  const b: string[] = [];
  const stopA = n.subscribe((e) => a.push(e.type));
  n.subscribe((e) => b.push(e.type));
  n.emit({ type: "option-changed", name: "x" });
  stopA();
  n.emit({ type: "option-changed", name: "y" });
  expect(a).toEqual(["option-changed"]);
  expect(b).toEqual(["option-changed", "option-changed"]);
});
