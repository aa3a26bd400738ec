// The mouse through a real client sending SGR reports: the wheel scrolls into copy mode, a
// click focuses a pane, a border drag resizes both panes, a drag copies, double and triple
// clicks copy a word and a line, and a program that asked for the mouse gets it translated.
import { test, expect, afterEach } from "bun:test";
import { Weft, type HostClient } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** SGR mouse report at 0-based cell (x, y): b is the button code (0 left, 32 drag, 64/65 wheel). */
const sgr = (b: number, x: number, y: number, release = false) => `\x1b[<${b};${x + 1};${y + 1}${release ? "m" : "M"}`;

async function session(w: Weft, name: string, ...cmd: string[]): Promise<HostClient> {
  await w.ok("new", "-d", "-s", name, "-x", "80", "-y", "23", "--", ...cmd);
  await w.ok("set", "-g", "mouse", "on");
  const c = w.attach(["attach", "-t", name], 80, 24);
  await c.waitForScreen((s) => s.includes(`[${name}]`), "status line");
  await waitFor(() => c.raw.includes("\x1b[?1002h\x1b[?1006h"), "mouse reporting asked of the host");
  return c;
}

const display = async (w: Weft, fmt: string, t = "") => (await w.ok("display", "-p", ...(t ? ["-t", t] : []), fmt)).trim();
const panes = async (w: Weft, t: string) => (await w.ok("list-panes", "-t", t, "-F", "#{pane_index}:#{pane_width}x#{pane_height}:#{pane_active}")).trim();

async function buffer(w: Weft, want: string): Promise<void> {
  let last = "";
  await waitFor(async () => (last = (await w.run("show-buffer")).stdout) === want, `buffer ${JSON.stringify(want)}, was ${JSON.stringify(last)}`);
}

async function value(f: () => Promise<string>, want: string): Promise<void> {
  let last = "";
  await waitFor(async () => (last = await f()) === want, `${JSON.stringify(want)}, last ${JSON.stringify(last)}`);
}

test("the wheel scrolls a pane into copy mode and through its history; back at the bottom it leaves", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "wh", "sh", "-c", "i=1; while [ $i -le 100 ]; do echo line-$i; i=$((i+1)); done; exec cat >/dev/null");
  await c.waitForScreen((s) => s.includes("line-100"), "output");
  c.type(sgr(64, 10, 5));
  await c.waitForScreen((s) => /\[5\/\d+\]/.test(s), "five lines up");
  c.type(sgr(64, 10, 5) + sgr(64, 10, 5));
  await c.waitForScreen((s) => /\[15\/\d+\]/.test(s) && s.includes("line-70") && !s.includes("line-100"), "fifteen lines up");
  expect(await display(w, "#{pane_in_mode}")).toBe("1");
  c.type(sgr(65, 10, 5) + sgr(65, 10, 5) + sgr(65, 10, 5));
  await value(() => display(w, "#{pane_in_mode}"), "0");
  await c.waitForScreen((s) => s.includes("line-100") && !/\[\d+\/\d+\]/.test(s), "the live screen");
});

test("a click focuses a pane; dragging a border changes both panes by the dragged amount", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "cl", "sh");
  await w.ok("split-window", "-h", "-t", "cl");
  await value(() => panes(w, "cl"), "0:40x23:0\n1:39x23:1");
  c.type(sgr(0, 5, 5) + sgr(0, 5, 5, true));
  await value(() => panes(w, "cl"), "0:40x23:1\n1:39x23:0");
  // The border is column 40: drag it 6 cells right, then 2 back.
  c.type(sgr(0, 40, 10) + sgr(32, 43, 10) + sgr(32, 46, 10));
  await value(() => panes(w, "cl"), "0:46x23:1\n1:33x23:0");
  c.type(sgr(32, 44, 10) + sgr(0, 44, 10, true));
  await value(() => panes(w, "cl"), "0:44x23:1\n1:35x23:0");
  // A horizontal border: split the right pane, drag its top border up by 3.
  await w.ok("split-window", "-v", "-t", "cl:0.1");
  await value(() => panes(w, "cl"), "0:44x23:0\n1:35x11:0\n2:35x11:1");
  c.type(sgr(0, 60, 11) + sgr(32, 60, 8) + sgr(0, 60, 8, true));
  await value(() => panes(w, "cl"), "0:44x23:0\n1:35x8:0\n2:35x14:1");
  // Clicking a window's name in the status line selects it.
  await w.ok("new-window", "-t", "cl:1", "--", "sh");
  await value(() => display(w, "#{window_index}", "cl"), "1");
  c.type(sgr(0, 6, 23));
  await value(() => display(w, "#{window_index}", "cl"), "0");
});

test("drag selects text and copies it on release; double click copies a word, triple a line", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "sel", "sh", "-c", "printf 'alpha beta-gamma delta\\nsecond line here\\n'; exec cat >/dev/null");
  await c.waitForScreen((s) => s.includes("second line here"), "output");
  c.type(sgr(0, 6, 0) + sgr(32, 8, 0) + sgr(32, 9, 0) + sgr(0, 9, 0, true));
  await buffer(w, "beta");
  await value(() => display(w, "#{pane_in_mode}"), "0");
  // Across lines.
  c.type(sgr(0, 17, 0) + sgr(32, 5, 1) + sgr(0, 5, 1, true));
  await buffer(w, "delta\nsecond");
  c.type(sgr(0, 12, 0) + sgr(0, 12, 0, true) + sgr(0, 12, 0) + sgr(0, 12, 0, true));
  await buffer(w, "gamma");
  c.type(sgr(0, 3, 1) + sgr(0, 3, 1, true) + sgr(0, 3, 1) + sgr(0, 3, 1, true) + sgr(0, 3, 1) + sgr(0, 3, 1, true));
  await buffer(w, "second line here");
});

test("a program that asked for the mouse gets events in its own coordinates and encoding", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "prog", "sh");
  // The right pane's program asks for SGR reports and shows what it receives.
  await w.ok("split-window", "-h", "-t", "prog", "--", "sh", "-c", "stty raw -echo; printf '\\033[?1000h\\033[?1006hready\\r\\n'; exec cat -v");
  await c.waitForScreen((s) => s.includes("ready"), "the program ready");
  c.type(sgr(0, 50, 3) + sgr(0, 50, 3, true));
  await c.waitForScreen((s) => s.includes("^[[<0;10;4M^[[<0;10;4m"), "the click at the pane's cell (10, 4)");
  // The wheel goes to the program too; no copy mode.
  c.type(sgr(64, 45, 2));
  await c.waitForScreen((s) => s.includes("^[[<64;5;3M"), "the wheel report");
  expect(await display(w, "#{pane_in_mode}", "prog:0.1")).toBe("0");
  // X10 encoding when the program did not ask for SGR.
  await w.ok("split-window", "-v", "-t", "prog:0.1", "--", "sh", "-c", "stty raw -echo; printf '\\033[?1000hx10\\r\\n'; exec cat -v");
  await c.waitForScreen((s) => s.includes("x10"), "the second program ready");
  const r = (await w.ok("display", "-p", "-t", "prog:0.2", "#{pane_left},#{pane_top}")).trim().split(",").map(Number);
  c.type(sgr(0, r[0]! + 2, r[1]! + 1));
  await c.waitForScreen((s) => s.includes('^[[M #"'), "X10 bytes for (3, 2)");
});

test("with the mouse option off the host is asked for reports only while the active pane's program wants them", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "off", "-x", "80", "-y", "23", "--", "sh");
  const c = w.attach(["attach", "-t", "off"], 80, 24);
  await c.waitForScreen((s) => s.includes("[off]"), "status line");
  await w.ok("send-keys", "-t", "off", "printf '\\033[?1002h'; stty raw -echo; cat -v", "Enter");
  await waitFor(() => c.raw.includes("\x1b[?1002h\x1b[?1006h"), "button-event reports asked of the host");
  c.type(sgr(0, 4, 6) + sgr(32, 6, 6) + sgr(0, 6, 6, true));
  await c.waitForScreen((s) => s.includes("^[[M %'^[[M@''^[[M#''"), "press, drag and release in X10");
  expect(await display(w, "#{pane_in_mode}")).toBe("0");
});
