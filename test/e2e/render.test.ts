// Painting a real client: borders and status, a slow client that stops reading, zoom.
import { test, expect, afterEach } from "bun:test";
import { readFileSync } from "node:fs";
import { Weft } from "../helpers/weft.ts";
import { waitFor, within } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
}

test("a client that stops reading gets no backlog: server memory stays bounded and the screen is right when it reads again", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "slow", "--", "sh");
  const c = weft.attach(["attach", "-t", "slow"]);
  await c.waitForScreen((s) => s.includes("[slow]"), "attached");
  const [server] = weft.serverPids();
  c.pauseReading();
  const before = rssKiB(server!);
  // Three seconds of flood while the client reads nothing.
  await weft.ok("send-keys", "-t", "slow", "timeout 3 yes flood-line-with-some-text; clear; echo FINAL-$((40+2))", "Enter");
  let peak = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 4000) {
    peak = Math.max(peak, rssKiB(server!));
    await Bun.sleep(50);
  }
  await weft.waitForText("FINAL-42", "slow", 15_000);
  expect(peak - before).toBeLessThan(64 * 1024); // no per-frame backlog: a few MiB at most
  c.resumeReading();
  await c.waitForScreen((s) => s.includes("FINAL-42") && !s.includes("flood-line"), "the final screen after reading again", 15_000);
});

test("split panes are drawn side by side with a border and the status line", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "b", "--", "sh");
  await weft.ok("split-window", "-h", "-t", "b", "--", "sh");
  const c = weft.attach(["attach", "-t", "b"], 81, 25);
  await weft.ok("send-keys", "-t", "b:0.0", "echo LEFT", "Enter");
  await weft.ok("send-keys", "-t", "b:0.1", "echo RIGHT", "Enter");
  const s = await c.waitForScreen((s) => s.includes("LEFT") && s.includes("RIGHT"), "both panes");
  const rows = s.split("\n");
  const border = Number((await weft.ok("display", "-p", "-t", "b:0.1", "#{pane_left}")).trim()) - 1;
  for (let y = 0; y < 24; y++) expect(rows[y]![border]).toBe("│");
  expect(rows.find((r) => r.includes("LEFT"))!.indexOf("LEFT")).toBeLessThan(border);
  expect(rows.find((r) => r.includes("RIGHT"))!.indexOf("RIGHT")).toBeGreaterThan(border);
  expect(rows[24]).toContain("[b] 0:");
  // Zoom shows only the active pane, full size.
  await weft.ok("resize-pane", "-Z", "-t", "b:0.0");
  await c.waitForScreen((s) => s.includes("LEFT") && !s.includes("RIGHT") && !s.includes("│"), "the zoomed pane alone");
  c.type("\x02d");
  await within(c.exited, "detach");
});

test("pane titles reach the host only with set-titles", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "t", "--", "sh");
  const c = weft.attach(["attach", "-t", "t"]);
  await c.waitForScreen((s) => s.includes("[t]"), "attached");
  await weft.ok("send-keys", "-t", "t", "printf '\\033]2;evil\\007'; echo title-set", "Enter");
  await weft.waitForText("title-set", "t");
  await c.waitForScreen((s) => s.includes("title-set"), "the echo painted");
  expect(c.raw).not.toContain("\x1b]2;");
  expect(await weft.ok("display", "-p", "-t", "t", "#T")).toBe("evil\n");
  await weft.ok("set", "-g", "set-titles", "on");
  // tmux's set-titles-string ends in " #{session_alerts}", empty here.
  await waitFor(() => c.raw.includes('\x1b]2;t:0:sh - "evil" \x07'), "the sanitized title");
});

test("the last screen of a session is painted before the client is told it exited", async () => {
  weft = await Weft.start();
  const c = weft.attach(["new", "-s", "last", "--", "sh", "-c", "seq 1 30000; echo THE-END"]);
  expect((await within(c.exited, "the session to end")).code).toBe(0);
  const beforeExit = c.raw.slice(0, c.raw.lastIndexOf("[exited]"));
  expect(beforeExit).toContain("THE-END");
});

test("a frame many times larger than the terminal buffers (every cell its own colour) arrives whole and in order", async () => {
  weft = await Weft.start();
  // 58 rows of 199 cells, each with a colour of its own: a first frame of ~150 KB, where the
  // terminal takes ~14 KB at a time; the server writes the rest as the terminal drains.
  const script = 'BEGIN{for(y=0;y<58;y++){for(x=0;x<199;x++) printf "\\033[38;5;%dm%c", (x+y)%256, 65+(x+y)%26; printf "\\033[0m\\n"} printf "BIG-DONE"}';
  await weft.ok("new", "-d", "-s", "big", "-x", "200", "-y", "59", "--", "sh", "-c", `awk '${script}'; exec sleep 60`);
  await weft.waitForText("BIG-DONE", "big");
  const c = weft.attach(["attach", "-t", "big"], 200, 60);
  const s = await c.waitForScreen((s) => s.includes("BIG-DONE"), "the whole screen");
  const rows = s.split("\n");
  const want = (y: number) => Array.from({ length: 199 }, (_, x) => String.fromCharCode(65 + ((x + y) % 26))).join("");
  for (let y = 0; y < 58; y++) expect(rows[y]).toBe(want(y));
  const cell = c.host.buffer.active.getLine(57)!.getCell(198)!;
  expect(cell.getFgColor()).toBe((198 + 57) % 256);
  expect(c.bytes).toBeGreaterThan(100_000);
});
