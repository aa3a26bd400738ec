// display-popup and display-menu through a real attached client: a popup's program runs in its
// own PTY (not a pane), its output shows over the window, keys reach it, it closes on exit with
// -E and the window shows as before; a menu item chosen by its key runs its command; a click
// outside a menu closes it; C-b < opens the window menu.
import { test, expect, afterEach } from "bun:test";
import { Weft, type HostClient } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

async function session(w: Weft, name: string): Promise<HostClient> {
  await w.ok("new", "-d", "-s", name, "-x", "80", "-y", "23", "--", "sh", "-c", "echo window-text; exec cat");
  const c = w.attach(["attach", "-t", name], 80, 24);
  await c.waitForScreen((s) => s.includes(`[${name}]`) && s.includes("window-text"), "the window");
  return c;
}

/** What the window shows (the status line's clock aside), as it looks: trailing blanks trimmed. */
function windowRows(screen: string): string {
  return screen.split("\n").slice(0, -1).map((l) => l.trimEnd()).join("\n");
}

/** The client's name as -c takes it. */
async function clientName(w: Weft): Promise<string> {
  return (await w.ok("list-clients", "-F", "#{client_name}")).trim();
}

test("a popup's program runs in its own PTY over the window, takes keys and closes on exit with -E", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "pop");
  const before = c.screen();
  const name = await clientName(w);
  const script = 'echo "tty=$(tty) pane=${WEFT_PANE:-none} weft=${WEFT:+set} v=$POPVAR cwd=$(pwd)"; read line; echo "got:$line"; read end; exit 0';
  const popup = w.run("display-popup", "-c", name, "-E", "-d", "/tmp", "-e", "POPVAR=yes", "-w", "60", "-h", "10", "-T", "Title", script);
  const shown = await c.waitForScreen((s) => /tty=\/dev\/pts\/\d+/.test(s) && s.includes("Title"), "the popup's program");
  expect(shown).toContain("pane=none weft=set v=yes cwd=/tmp");
  expect(shown).toContain("┌─Title");
  expect(shown).toContain("window-text");
  // Its tty is none of the panes'.
  const tty = /tty=(\/dev\/pts\/\d+)/.exec(shown)![1]!;
  expect((await w.ok("list-panes", "-a", "-F", "#{pane_tty}")).split("\n")).not.toContain(tty);
  expect((await w.ok("list-panes", "-a", "-F", "#{pane_id}")).trim()).toBe("%0");
  // Keys go to the popup's program, not the pane.
  c.type("hello\r");
  await c.waitForScreen((s) => s.includes("got:hello"), "the key's echo in the popup");
  expect(await w.capture("pop")).not.toContain("hello");
  c.type("\r");
  expect((await popup).code).toBe(0);
  await c.waitForScreen((s) => !s.includes("got:hello") && !s.includes("Title"), "the popup gone");
  await waitFor(() => windowRows(c.screen()) === windowRows(before), () => `the window as before: ${JSON.stringify(before)} ${JSON.stringify(c.screen())}`);
});

test("a popup without -E stays when its program exits and closes on Escape; -C closes one", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "esc");
  const name = await clientName(w);
  const first = w.run("display-popup", "-c", name, "printf done-here");
  await c.waitForScreen((s) => s.includes("done-here"), "the popup's output");
  c.type("\x1b");
  await first;
  await c.waitForScreen((s) => !s.includes("done-here"), "the popup closed by Escape");
  const second = w.run("display-popup", "-c", name, "-E", "printf second; sleep 30");
  await c.waitForScreen((s) => s.includes("second"), "another popup");
  c.type("\x1b"); // -E: Escape is the program's
  await w.ok("display-popup", "-C", "-c", name);
  await second;
  await c.waitForScreen((s) => !s.includes("second"), "closed by -C");
});

test("display-popup from a shell exits with its program's status, as tmux's", async () => {
  const w = (weft = await Weft.start());
  await session(w, "st");
  const name = await clientName(w);
  expect((await w.run("display-popup", "-c", name, "-E", "exit 3")).code).toBe(3);
  expect((await w.run("display-popup", "-c", name, "-E", "kill -9 $$")).code).toBe(9);
  expect((await w.run("display-popup", "-c", name, "-EE", "exit 0")).code).toBe(0);
});

test("a control client (libtmux's) gets popups and display-panes as tmux's: the program runs and -E closes it; display-panes waits unless -b", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "ctl", "cat");
  const child = spawn(w.bin, ["-L", "test", "-f", "/dev/null", "-C", "attach", "-t", "ctl"], { env: w.env, stdio: ["pipe", "pipe", "pipe"] });
  try {
    await waitFor(async () => (await w.ok("list-clients", "-F", "#{client_control_mode}")).trim() === "1", "the control client");
    const dir = mkdtempSync(join(tmpdir(), "popup-"));
    const marker = join(dir, "marker");
    // Without -c, on the only client there is; the shell's display-popup returns once it closes.
    const r = await w.run("display-popup", "-E", "-w", "40", "-h", "10", "-d", dir, "-e", "V=x", `touch ${marker}; test "$V" = x`);
    expect(r.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
    // An open popup (no -E) holds the client's one overlay: display-panes then does nothing, -C closes it.
    const held = w.run("display-popup", "sleep 30");
    await w.ok("set", "-g", "display-panes-time", "400");
    // (It would wait a minute if it showed them.)
    await w.ok("display-panes", "-d", "60000");
    await w.ok("display-popup", "-C");
    // Its program got SIGHUP: the shell's display-popup exits 129, as tmux's.
    expect((await held).code).toBe(129);
    // display-panes waits display-panes-time on it; -b does not.
    const t0 = Date.now();
    await w.ok("display-panes");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
    await w.ok("display-panes", "-b", "-d", "60000");
  } finally {
    child.kill();
  }
});

test("display-popup's errors are tmux's", async () => {
  const w = (weft = await Weft.start());
  await session(w, "err");
  const name = await clientName(w);
  expect((await w.run("display-popup", "-c", name, "-w", "0", "true")).stderr).toBe("width too small\n");
  expect((await w.run("display-popup", "-c", name, "-h", "200", "true")).stderr).toBe("height too large\n");
  expect((await w.run("display-popup", "-c", name, "-b", "wavy", "true")).stderr).toBe("popup-border-lines unknown value: wavy\n");
  expect((await w.run("display-menu", "-c", name, "a", "b")).stderr).toBe("not enough arguments\n");
});

test("a menu item chosen by its key runs its command on the menu's target; a click outside closes it", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "men");
  await w.ok("set", "-g", "mouse", "on");
  const name = await clientName(w);
  const menu = w.run("display-menu", "-c", name, "-T", "Pick", "-x", "5", "-y", "10", "First", "f", "rename-window first-#{pane_id}", "", "Second", "s", "rename-window second");
  await c.waitForScreen((s) => s.includes("First") && s.includes("(f)") && s.includes("Pick"), "the menu");
  c.type("s");
  await menu;
  await waitFor(async () => (await w.ok("display", "-p", "-t", "men", "#{window_name}")).trim() === "second", "the item's command ran");
  await c.waitForScreen((s) => !s.includes("(f)"), "the menu gone");
  // Up/Down and Enter: from the first item down (over the separator) and back up.
  const again = w.run("display-menu", "-c", name, "-x", "5", "-y", "10", "First", "f", "rename-window first-#{pane_id}", "", "Second", "s", "rename-window second");
  await c.waitForScreen((s) => s.includes("(f)"), "the menu again");
  c.type("\x1b[B\x1b[A\r");
  await again;
  await waitFor(async () => (await w.ok("display", "-p", "-t", "men", "#{window_name}")).trim() === "first-%0", "the first item ran, formats expanded");
  // The chosen command runs with the menu's target (-t) as the current pane.
  await w.ok("new-window", "-d", "-t", "men:5", "--", "cat");
  const targeted = w.run("display-menu", "-c", name, "-t", "men:5", "Name", "n", "rename-window targeted");
  await c.waitForScreen((s) => s.includes("(n)"), "the targeted menu");
  c.type("n");
  await targeted;
  await waitFor(async () => (await w.ok("list-windows", "-t", "men", "-F", "#{window_index}:#{window_name}")).trim() === "0:first-%0\n5:targeted", "window 5 renamed");
  // A click outside closes it, running nothing.
  const third = w.run("display-menu", "-c", name, "-x", "5", "-y", "10", "Other", "o", "rename-window other");
  await c.waitForScreen((s) => s.includes("(o)"), "a third menu");
  c.type("\x1b[<0;70;3M\x1b[<0;70;3m");
  await third;
  await c.waitForScreen((s) => !s.includes("(o)"), "closed by the click");
  expect((await w.ok("display", "-p", "-t", "men", "#{window_name}")).trim()).toBe("first-%0");
});

test("C-b < opens the window menu, and its keys act on the window", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "def");
  // tmux's default binding (DEFAULT_BINDINGS, loaded at start).
  expect(await w.ok("list-keys", "-T", "prefix", "<")).toMatch(/^bind-key -T prefix < display-menu .* -x W -y W /);
  c.type("\x02<");
  const shown = await c.waitForScreen((s) => s.includes("New At End") && s.includes("(W)"), "the window menu");
  // -xW -yW: just above the window's name on the status line (column 6 of "[def] 0:sh*").
  const rows = shown.split("\n");
  const bottom = rows.findLastIndex((r) => r.includes("└"));
  expect(bottom).toBe(22);
  expect(rows[bottom]!.indexOf("└")).toBe(6);
  c.type("W");
  await waitFor(async () => (await w.ok("list-windows", "-t", "def")).trim().split("\n").length === 2, "a new window at the end");
});

test("a right click opens MouseDown3Pane's menu at the pointer on the pane under it; releasing on an item runs it", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "rc");
  await w.ok("set", "-g", "mouse", "on");
  await w.ok("split-window", "-h", "-t", "rc", "--", "cat");
  await w.ok("bind", "-n", "MouseDown3Pane", "display-menu", "-t=", "-xM", "-yM", "-T", "T", "AAA #{pane_id}", "a", "rename-window aaa-#{pane_id}", "BBB", "b", "rename-window bbb");
  await waitFor(() => c.raw.includes("\x1b[?1002h"), "mouse reporting asked of the host");
  const sgr = (b: number, x: number, y: number, release = false) => `\x1b[<${b};${x + 1};${y + 1}${release ? "m" : "M"}`;
  // Over pane %0 (the left one, not active): the menu's top row is the pointer's, centred on it.
  c.type(sgr(2, 20, 5));
  const shown = await c.waitForScreen((s) => s.includes("AAA %0"), "the pane's menu");
  const rows = shown.split("\n");
  expect(rows[5]).toContain("┌─T");
  expect(rows[6]).toContain("AAA %0 (a)");
  // Released where it was pressed (on the menu's border): closed, as tmux 3.3a's.
  c.type(sgr(2, 20, 5, true));
  await c.waitForScreen((s) => !s.includes("AAA %0"), "closed by the release");
  // Pressed, dragged down to the first item and released there: it runs.
  c.type(sgr(2, 20, 5) + sgr(34, 20, 6));
  await c.waitForScreen((s) => s.includes("AAA %0"), "the menu again");
  c.type(sgr(2, 20, 6, true));
  await waitFor(async () => (await w.ok("display", "-p", "-t", "rc", "#{window_name}")).trim() === "aaa-%0", "the item under the release ran");
});

test("the popup's menu (a right click outside it) makes its program a pane of the window", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "adopt");
  await w.ok("set", "-g", "mouse", "on");
  await waitFor(() => c.raw.includes("\x1b[?1002h"), "mouse reporting asked of the host");
  const name = await clientName(w);
  const popup = w.run("display-popup", "-c", name, "-w", "40", "-h", "8", "-x", "0", "-y", "10", "sh -c 'echo in-popup $(tty); exec cat'");
  const shown = await c.waitForScreen((s) => /in-popup \/dev\/pts\/\d+/.test(s), "the popup");
  const tty = /in-popup (\/dev\/pts\/\d+)/.exec(shown)![1]!;
  const sgr = (b: number, x: number, y: number, release = false) => `\x1b[<${b};${x + 1};${y + 1}${release ? "m" : "M"}`;
  // The menu opens at the pointer's row, centred on it; "To Horizontal Pane" is its sixth row.
  c.type(sgr(2, 70, 12));
  await c.waitForScreen((s) => s.includes("To Horizontal Pane (h)") && s.includes("Fill Space"), "the popup's menu");
  c.type(sgr(34, 70, 18) + sgr(2, 70, 18, true));
  await popup;
  await waitFor(async () => (await w.ok("list-panes", "-t", "adopt", "-F", "#{pane_tty} #{pane_active}")).includes(`${tty} 1`), "the popup's program is the active pane");
  expect((await w.ok("list-panes", "-t", "adopt", "-F", "#{pane_index}:#{pane_width}")).trim()).toBe("0:40\n1:39");
  // It is a pane like any other: keys reach it, its output shows in the window.
  c.type("typed-into-pane\r");
  await c.waitForScreen((s) => s.includes("typed-into-pane") && !s.includes("Fill Space"), "the key's echo in the new pane");
  expect(await w.capture("adopt:0.1")).toContain("typed-into-pane");
});

test("tmux's default right-click menus run their items on what was clicked: the pane under the pointer, the window under it on the status line", async () => {
  const w = (weft = await Weft.start());
  const c = await session(w, "rd");
  await w.ok("set", "-g", "mouse", "on");
  await w.ok("split-window", "-h", "-t", "rd", "--", "cat");
  await w.ok("new-window", "-d", "-t", "rd:1", "-n", "second", "--", "cat");
  await waitFor(() => c.raw.includes("\x1b[?1002h"), "mouse reporting asked of the host");
  const sgr = (b: number, x: number, y: number, release = false) => `\x1b[<${b};${x + 1};${y + 1}${release ? "m" : "M"}`;
  // MouseDown3Pane (if -Ft= ... display-menu -t= -xM -yM): the mouse event reaches the nested
  // command, so the menu is %0's although %1 is active, and its Kill kills %0.
  c.type(sgr(2, 20, 5));
  await c.waitForScreen((s) => s.includes("0 (%0)") && /Kill +\(X\)/.test(s), "the default pane menu over %0");
  c.type("X");
  await waitFor(async () => (await w.ok("list-panes", "-t", "rd:0", "-F", "#{pane_id}")).trim() === "%1", "the pane the menu was for killed");
  // MouseDown3Status (display-menu -t= -xW -yW): over window 1's name, its menu and its Kill.
  const status = (await c.waitForScreen((s) => s.includes("1:second"), "the status line")).split("\n").at(-1)!;
  c.type(sgr(2, status.indexOf("1:second") + 2, 23));
  await c.waitForScreen((s) => s.includes("1:second") && /New At End +\(W\)/.test(s), "the default window menu over window 1");
  c.type("X");
  await waitFor(async () => (await w.ok("list-windows", "-t", "rd", "-F", "#{window_index}")).trim() === "0", "window 1 killed, not the current one");
});
