// list-clients and detach-client -t: attached clients by their terminal, as tmux names them.
import { test, expect, afterEach } from "bun:test";
import { readFileSync, readlinkSync } from "node:fs";
import { Weft } from "../helpers/weft.ts";
import { waitFor, within } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("list-clients shows each attached client by its terminal; -t filters, -F formats; detach-client -t detaches one", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "one", "sh");
  await w.ok("new", "-d", "-s", "two", "sh");
  const a = w.attach(["attach", "-t", "one"], 80, 24);
  const b = w.attach(["attach", "-t", "two"], 100, 30);
  await a.waitForScreen((s) => s.includes("[one]"), "client a");
  await b.waitForScreen((s) => s.includes("[two]"), "client b");
  const ttyA = readlinkSync(`/proc/${a.pty.pid}/fd/0`);
  const ttyB = readlinkSync(`/proc/${b.pty.pid}/fd/0`);
  expect(ttyA).toMatch(/^\/dev\/pts\/\d+$/);

  const all = (await w.ok("list-clients")).trim().split("\n").sort();
  // tmux's flags for an attached client whose locale (LANG=C.UTF-8) is UTF-8.
  expect(all).toEqual([`${ttyA}: one [80x24 xterm-256color] (attached,focused,UTF-8)`, `${ttyB}: two [100x30 xterm-256color] (attached,focused,UTF-8)`].sort());
  expect((await w.ok("lsc", "-t", "two", "-F", "#{client_session} #{client_width}x#{client_height} #{client_pid}")).trim()).toBe(`two 100x30 ${b.pty.pid}`);
  const json = JSON.parse(await w.ok("list-clients", "--json")) as { client_name: string }[];
  expect(json.map((c) => c.client_name).sort()).toEqual([ttyA, ttyB].sort());

  await w.ok("detach-client", "-t", ttyA);
  await within(a.exited, "client a to leave");
  expect((await w.ok("list-clients", "-F", "#{client_name}")).trim()).toBe(ttyB);
  const bad = await w.run("detach-client", "-t", "/dev/pts/99999");
  expect(bad.code).toBe(1);
  expect(bad.stderr.trim()).toBe("can't find client: /dev/pts/99999");
  expect((await w.ok("list-clients", "-F", "#{client_name}")).trim()).toBe(ttyB); // nothing else changed
});

test("C-b x asks before killing the pane: n (or any key) keeps it, y kills it; confirm-before runs any command", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "k", "-x", "80", "-y", "23", "sh");
  await w.ok("split-window", "-d", "-t", "k", "sh");
  const c = w.attach(["attach", "-t", "k"], 80, 24);
  await c.waitForScreen((s) => s.includes("[k]"), "status line");
  const panes = async () => (await w.ok("list-panes", "-t", "k", "-F", "#{pane_index}")).trim().split("\n").length;

  c.type("\x02x");
  await c.waitForScreen((s) => s.split("\n")[23]!.startsWith("kill-pane 0? (y/n)"), "the question on the status line");
  c.type("n");
  await c.waitForScreen((s) => s.includes("[k]"), "the status line back");
  expect(await panes()).toBe(2);

  c.type("\x02x");
  await c.waitForScreen((s) => s.includes("kill-pane 0? (y/n)"), "the question again");
  c.type("y");
  await waitFor(async () => (await panes()) === 1, "the pane to be killed");

  await w.ok("bind-key", "X", "confirm-before", "-c", "Y", "-p", "rename?", "rename-window renamed");
  c.type("\x02X");
  await c.waitForScreen((s) => s.includes("rename?"), "the custom prompt");
  c.type("Y");
  await waitFor(async () => (await w.ok("display", "-p", "-t", "k", "#W")).trim() === "renamed", "the confirmed command to run");
});

test("C-b q shows each pane's number over it; a number picks that pane, and the numbers go after display-panes-time", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "q", "-x", "80", "-y", "23", "cat");
  await w.ok("split-window", "-d", "-h", "-t", "q", "cat");
  const c = w.attach(["attach", "-t", "q"], 80, 24);
  await c.waitForScreen((s) => s.includes("[q]"), "status line");
  // Each pane's size at its top-right shows while the numbers do (their digits are coloured blanks).
  const top = () => c.screen().split("\n")[0]!;
  const shown = () => /40x23│\s+39x23$/.test(top());
  expect(shown()).toBe(false);

  // Long enough for the screen to be seen under load; the pick closes them.
  await w.ok("set", "-g", "display-panes-time", "60000");
  c.type("\x02q");
  await c.waitForScreen(shown, "both panes' sizes on the top row");
  c.type("1");
  await c.waitForScreen(() => !top().includes("x23"), "the numbers gone");
  expect((await w.ok("display", "-p", "-t", "q", "#{pane_index}")).trim()).toBe("1");

  await w.ok("set", "-g", "display-panes-time", "1500");
  c.type("\x02q");
  await c.waitForScreen(shown, "the numbers again");
  await c.waitForScreen(() => !top().includes("x23"), "the numbers gone by themselves");
  expect((await w.ok("display", "-p", "-t", "q", "#{pane_index}")).trim()).toBe("1");
});

test("display-panes: a key that is no pane's goes on to the pane, a missing pane's is used up, -N takes none; -t names the client", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "k", "-x", "80", "-y", "23", "cat");
  await w.ok("split-window", "-d", "-h", "-t", "k", "cat");
  const c = w.attach(["attach", "-t", "k"], 80, 24);
  await c.waitForScreen((s) => s.includes("[k]"), "status line");
  const name = (await w.ok("list-clients", "-F", "#{client_name}")).trim();
  const top = () => c.screen().split("\n")[0]!;
  const open = async () => {
    await w.ok("display-panes", "-b", "-d", "0", "-t", name);
    await c.waitForScreen(() => top().includes("40x23"), "the numbers");
  };
  // X is no pane's key: the numbers go and cat gets it.
  await open();
  c.type("X");
  await waitFor(async () => (await w.capture("k.0")).includes("X"), "X in the pane");
  // 7 is a pane's key but there is no pane 7: used up, the active pane stays.
  await open();
  c.type("7");
  await c.waitForScreen(() => !top().includes("40x23"), "the numbers gone");
  // -N: a pane's key closes them and reaches the pane.
  await w.ok("display-panes", "-b", "-N", "-d", "0");
  await c.waitForScreen(() => top().includes("40x23"), "the numbers with -N");
  c.type("1");
  await waitFor(async () => (await w.capture("k.0")).includes("X1"), "1 in the pane");
  expect((await w.ok("display", "-p", "-t", "k", "#{pane_index}")).trim()).toBe("0");
  const bad = await w.run("display-panes", "-t", "nosuch");
  expect([bad.code, bad.stderr]).toEqual([1, "can't find client: nosuch\n"]);
});

test("C-b s lists the sessions over the pane, Down and Enter switch to one; C-b w lists windows too, q leaves, a number picks", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "alpha", "-x", "80", "-y", "23", "cat");
  await w.ok("new-window", "-d", "-t", "alpha", "-n", "second", "cat");
  await w.ok("new", "-d", "-s", "beta", "cat");
  const c = w.attach(["attach", "-t", "alpha"], 80, 24);
  await c.waitForScreen((s) => s.includes("[alpha]"), "status line");

  c.type("\x02s");
  const list = await c.waitForScreen((s) => s.includes("(1) + beta: 1 windows"), "the session list");
  // Sessions collapsed (choose-tree -Zs), as tmux's.
  expect(list.split("\n").slice(0, 2).map((l) => l.trimEnd())).toEqual(["(0) + alpha: 2 windows (attached)", "(1) + beta: 1 windows"]);
  c.type("\x1b[B"); // Down
  c.type("\r");
  await c.waitForScreen((s) => s.includes("[beta]") && !s.includes("(0) alpha"), "the client on beta, the list gone");

  c.type("\x02w");
  await c.waitForScreen((s) => s.includes("(2) └─> 1: second"), "windows under their sessions");
  c.type("q");
  await c.waitForScreen((s) => !s.includes("second"), "the list gone");
  expect((await w.ok("display", "-p", "-t", "beta", "#{session_attached}")).trim()).toBe("1");
  c.type("\x02w");
  await c.waitForScreen((s) => s.includes("(2) └─> 1: second"), "the list again");
  c.type("2");
  await c.waitForScreen((s) => s.includes("[alpha]") && !s.includes("(0)"), "alpha's second window");
  expect((await w.ok("display", "-p", "-t", "alpha", "#{window_name}")).trim()).toBe("second");
});

test("choose-tree from a shell puts the pane in tree-mode: a client attaching later sees the list, and its pick switches that client", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "alpha", "-x", "80", "-y", "23", "cat");
  await w.ok("new", "-d", "-s", "beta", "-x", "80", "-y", "23", "cat");
  expect(await w.ok("choose-tree", "-s", "-t", "alpha")).toBe("");
  expect(await w.ok("display", "-p", "-t", "alpha", "#{pane_in_mode}:#{pane_mode}")).toBe("1:tree-mode\n");
  const c = w.attach(["attach", "-t", "alpha"], 80, 24);
  await c.waitForScreen((s) => s.includes("(0) + alpha: 1 windows (attached)") && s.includes("(1) + beta"), "the list over alpha's pane");
  const other = w.attach(["attach", "-t", "alpha"], 80, 24);
  await other.waitForScreen((s) => s.includes("(1) + beta"), "the same list on a second client");
  c.type("j");
  c.type("\r");
  await c.waitForScreen((s) => s.includes("[beta]"), "the picking client on beta");
  await other.waitForScreen((s) => s.includes("[alpha]") && !s.includes("(1) + beta"), "the other client still on alpha, the list gone");
  expect(await w.ok("display", "-p", "-t", "alpha", "#{pane_in_mode}")).toBe("0\n");
});

test("C-b = lists the paste buffers, Enter pastes the chosen one; C-b D lists the clients, a number detaches one", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "s", "-x", "80", "-y", "23", "cat");
  const c = w.attach(["attach", "-t", "s"], 80, 24);
  await c.waitForScreen((s) => s.includes("[s]"), "status line");
  // No buffers: nothing happens, as tmux's choose-buffer (no mode, no message).
  c.type("\x02=");
  await c.waitForScreen((s) => s.includes("[s]"), "the key taken");
  expect(await w.ok("display", "-p", "-t", "s", "#{pane_in_mode}:#{pane_mode}")).toBe("0:\n");
  await w.ok("set-buffer", "-b", "older", "first text");
  await w.ok("set-buffer", "-b", "newer", "second text");
  c.type("\x02=");
  // Each line its name, when it was set and its start (tmux's buffer-mode format).
  const list = await c.waitForScreen((s) => /\(1\) older: \d\d:\d\d: first text/.test(s), "the buffer list, newest first");
  expect(list.split("\n")[0]!.trimEnd()).toMatch(/^\(0\) newer: \d\d:\d\d: second text$/);
  c.type("j\r");
  await c.waitForScreen((s) => s.split("\n")[0]!.startsWith("first text") && !s.includes("(0) newer"), "the older buffer pasted into cat");

  const other = w.attach(["attach", "-t", "s"], 80, 24);
  await other.waitForScreen((s) => s.includes("[s]"), "a second client");
  const tty = readlinkSync(`/proc/${other.pty.pid}/fd/0`);
  c.type("\x02D");
  await c.waitForScreen((s) => new RegExp(`${tty}: \\d\\d:\\d\\d: session s`).test(s), "the client list");
  const names = (await w.ok("list-clients", "-F", "#{client_name}")).trim().split("\n");
  c.type(String([...names].sort((a, b) => a.localeCompare(b)).indexOf(tty))); // listed by name, as tmux
  await within(other.exited, "the chosen client to be detached");
  expect((await w.ok("list-clients", "-F", "#{client_name}")).trim().split("\n")).toEqual(names.filter((n) => n !== tty));
});

test("choose-tree -F, -f, -O and -r; choose-buffer and choose-client take them too", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "zed", "-n", "top", "-x", "80", "-y", "23", "cat");
  await w.ok("new", "-d", "-s", "amy", "-n", "main", "cat");
  await w.ok("new-window", "-d", "-t", "amy", "-n", "logs", "cat");
  const c = w.attach(["attach", "-t", "zed"], 80, 24);
  await c.waitForScreen((s) => s.includes("[zed]"), "status line");
  const rows = (s: string, n: number) => s.split("\n").slice(0, n).map((l) => l.trimEnd());
  const pick = async (argv: string[], first: string, n: number) => {
    await w.ok(...argv);
    const s = await c.waitForScreen((s) => s.split("\n")[0]!.trimEnd() === first, `${argv.join(" ")}: ${first}`);
    const got = rows(s, n);
    c.type("q");
    await c.waitForScreen((s) => !s.startsWith("(0)"), "the list closed");
    return got;
  };

  // -F: what follows each name, with session_format / window_format telling the lines apart;
  // sessions in index order (the order they were made), as tmux 3.3a's default sort.
  expect(await pick(["choose-tree", "-F", "#{?window_format,win #{window_name},sess #{session_windows}}"], "(0) - zed: sess 1", 4)).toEqual([
    "(0) - zed: sess 1",
    "(1) └─> 0: win top",
    "(2) - amy: sess 2",
    "(3) ├─> 0: win main",
  ]);
  // -O name; -r reverses, windows too.
  expect(await pick(["choose-tree", "-O", "name"], "(0) - amy: 2 windows", 2)).toEqual(["(0) - amy: 2 windows", "(1) ├─> 1: logs"]);
  expect(await pick(["choose-tree", "-r"], "(0) - amy: 2 windows", 4)).toEqual([
    "(0) - amy: 2 windows",
    "(1) ├─> 1: logs",
    "(2) └─> 0: main*",
    "(3) - zed: 1 windows (attached)",
  ]);
  // -f: the windows with a pane it is true for, and their sessions only.
  expect(await pick(["choose-tree", "-f", "#{==:#{window_name},logs}"], "(0) - amy: 2 windows", 3)).toEqual(["(0) - amy: 2 windows", "(1) └─> 1: logs", ""]);
  // A filter true for nothing shows everything, as tmux.
  expect(await pick(["choose-tree", "-s", "-f", "#{==:1,2}"], "(0) + zed: 1 windows (attached)", 2)).toEqual(["(0) + zed: 1 windows (attached)", "(1) + amy: 2 windows"]);

  // find-window: choose-tree filtered on name (-N), content (-C) or all three (tmux 3.3a's filter).
  expect(await pick(["find-window", "-N", "og"], "(0) - amy: 2 windows", 3)).toEqual(["(0) - amy: 2 windows", "(1) └─> 1: logs", ""]);
  await w.ok("send-keys", "-t", "amy:main", "needle");
  await w.waitForText("needle", "amy:main");
  expect(await pick(["find-window", "-C", "need"], "(0) - amy: 2 windows", 3)).toEqual(["(0) - amy: 2 windows", "(1) └─> 0: main*", ""]);
  expect(await pick(["find-window", "-i", "LOGS"], "(0) - amy: 2 windows", 3)).toEqual(["(0) - amy: 2 windows", "(1) └─> 1: logs", ""]);
  expect(await w.run("find-window")).toMatchObject({ code: 1 });

  await w.ok("set-buffer", "-b", "bb", "x");
  await w.ok("set-buffer", "-b", "aa", "longer text");
  expect(await pick(["choose-buffer", "-O", "name", "-F", "#{buffer_size}"], "(0) aa: 11", 2)).toEqual(["(0) aa: 11", "(1) bb: 1"]);
  expect(await pick(["choose-buffer", "-F", "#{buffer_sample}", "-f", "#{m:x,#{buffer_sample}}"], "(0) bb: x", 2)).toEqual(["(0) bb: x", ""]);
  const tty = readlinkSync(`/proc/${c.pty.pid}/fd/0`);
  expect(await pick(["choose-client", "-F", "on #{client_session}"], `(0) ${tty}: on zed`, 1)).toEqual([`(0) ${tty}: on zed`]);
});

test("C-b ? shows the key bindings' notes in a view over the pane (j/k/G scroll, q leaves); show-messages lists what the status line said", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "v", "-x", "80", "-y", "23", "cat");
  const c = w.attach(["attach", "-t", "v"], 80, 24);
  await c.waitForScreen((s) => s.includes("[v]"), "status line");
  c.type("\x02?");
  // tmux 3.3a's C-b ? is list-keys -N: each prefix key with its note.
  const first = await c.waitForScreen((s) => /^C-b C-b +Send the prefix key/.test(s.split("\n")[0]!) && /\[0\/\d+\]/.test(s), "list-keys -N from its first line, with the position");
  const total = Number(/\[0\/(\d+)\]/.exec(first)![1]);
  expect(total).toBeGreaterThan(50); // the whole list, not its first line as a message
  c.type("G");
  await c.waitForScreen((s) => s.includes(`[${total}/${total}]`), "G: the end of the list");
  c.type("k");
  await c.waitForScreen((s) => s.includes(`[${total - 1}/${total}]`), "k: a line up");
  c.type("q");
  await c.waitForScreen((s) => !/\[\d+\/\d+\]/.test(s) && !s.includes("Send the prefix key"), "the pane again");

  c.type("\x02:display-message 'hello from a script'\r");
  await c.waitForScreen((s) => s.includes("hello from a script"), "the message");
  const log = await w.ok("show-messages");
  expect(log).toMatch(/^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}: hello from a script$/m);
  c.type("\x02~");
  await c.waitForScreen((s) => /^\w{3} .*: hello from a script +\[0\/0\]$/.test(s.split("\n")[0]!.trimEnd()), "C-b ~ shows the log");
  c.type("q");
  expect(await w.run("show-messages", "-t", "/dev/nosuch")).toMatchObject({ code: 1, stderr: "can't find client: /dev/nosuch\n" });
});

/** The first column of any row's blocks. */
function edge(rows: string[]): number {
  return Math.min(...rows.map((r) => r.length - r.trimStart().length));
}

/** The host's rows with every cell on a blue background as '#', others as spaces. */
function blueBlocks(c: { host: import("@xterm/headless").Terminal }): string[] {
  const b = c.host.buffer.active;
  const cell = b.getNullCell();
  const rows: string[] = [];
  for (let y = 0; y < c.host.rows; y++) {
    let s = "";
    for (let x = 0; x < c.host.cols; x++) {
      b.getLine(b.viewportY + y)?.getCell(x, cell);
      s += cell.isBgPalette() && cell.getBgColor() === 4 ? "#" : " ";
    }
    rows.push(s.trimEnd());
  }
  return rows.filter((r) => r.length > 0);
}

test("C-b t shows a big clock of the time over the pane until a key; clock-mode-style 12 adds AM/PM", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "t", "-x", "80", "-y", "23", "sh");
  await w.ok("send-keys", "-t", "t", "echo still-here", "Enter");
  const c = w.attach(["attach", "-t", "t"], 80, 24);
  await c.waitForScreen((s) => s.includes("[t]") && s.includes("still-here"), "the pane");
  c.type("\x02t");
  await waitFor(() => blueBlocks(c).length === 5, () => `five rows of blocks; saw:\n${blueBlocks(c).join("\n")}`);
  const rows = blueBlocks(c);
  const now = new Date();
  // Five characters, 5 cells wide with 1 between: "HH:MM", centred in the 80-column pane. Every
  // glyph has blocks in its last column; a "1" (10 to 19 o'clock) has them in no other.
  const left = (80 - 29) >> 1;
  expect(Math.max(...rows.map((r) => r.length))).toBe(left + 29);
  expect(edge(rows)).toBe(left + (Math.floor(now.getHours() / 10) === 1 ? 4 : 0));
  const glyph = (i: number) => rows.map((r) => r.slice(left + i * 6, left + i * 6 + 5).padEnd(5)).join("|");
  expect(glyph(2)).toBe("     |  #  |     |  #  |     "); // the colon
  const zero = "#####|#   #|#   #|#   #|#####";
  if (now.getHours() < 10) expect(glyph(0)).toBe(zero); // the first digit of 0-9 o'clock
  expect(c.screen()).not.toContain("still-here");
  c.type("x"); // any key closes it, and goes nowhere else
  await c.waitForScreen((s) => s.includes("still-here"), "the pane back");
  expect(blueBlocks(c)).toEqual([]);

  await w.ok("set-option", "-g", "-w", "clock-mode-style", "12");
  c.type("\x02t");
  await waitFor(() => blueBlocks(c).length === 5, "the 12-hour clock");
  const h12 = String(new Date().getHours() % 12 || 12);
  const width = `${h12}:00AM`.length * 6 - 1;
  const left12 = (80 - width) >> 1;
  expect(Math.max(...blueBlocks(c).map((r) => r.length))).toBe(left12 + width); // M's last column
  expect(edge(blueBlocks(c))).toBe(left12 + (h12.startsWith("1") ? 4 : 0));
  c.type("q");
  await c.waitForScreen((s) => s.includes("still-here"), "the pane back again");
  // From a shell with no client showing the pane: the pane enters the mode, as tmux's, and a
  // client attaching later sees the clock.
  await w.ok("new", "-d", "-s", "hidden", "-x", "80", "-y", "23", "sh");
  expect(await w.ok("clock-mode", "-t", "hidden")).toBe("");
  expect(await w.ok("display", "-p", "-t", "hidden", "#{pane_in_mode}:#{pane_mode}")).toBe("1:clock-mode\n");
  c.type("\x02(");
  await waitFor(() => blueBlocks(c).length === 5, "the clock on the other session's pane");
});

test("C-b C-z suspends the client as a job of the shell; fg brings it back redrawn, with what the pane printed meanwhile", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "z", "-x", "80", "-y", "23", "sh");
  await w.ok("send-keys", "-t", "z", "echo in-pane", "Enter");
  const c = w.shell(80, 24);
  await c.waitForScreen((s) => s.includes("$"), "the shell's prompt");
  c.type("$WEFT_CMD attach -t z\r");
  await c.waitForScreen((s) => s.includes("[z]") && s.includes("in-pane"), "the attached session");
  const pid = Number((await w.ok("list-clients", "-F", "#{client_pid}")).trim());
  const state = () => readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "")[0];

  c.type("\x02\x1a");
  await c.waitForScreen((s) => /Stopped/.test(s) && !s.includes("[z]"), "the shell with its stopped job");
  expect(state()).toBe("T");
  // Still a client of the session, which runs on.
  expect((await w.ok("list-clients", "-F", "#{client_session}")).trim()).toBe("z");
  await w.ok("send-keys", "-t", "z", "echo while-away", "Enter");
  await w.waitForText("while-away", "z");

  c.type("fg\r");
  await c.waitForScreen((s) => s.includes("[z]") && s.includes("while-away") && s.includes("in-pane"), "the session back, redrawn");
  expect(state()).not.toBe("T");
  c.type("\x02d");
  await c.waitForScreen((s) => s.includes("[detached"), "detached");
  const bad = await w.run("suspend-client", "-t", "/dev/pts/99999");
  expect(bad.code).toBe(1);
  expect(bad.stderr.trim()).toBe("can't find client: /dev/pts/99999");
});
