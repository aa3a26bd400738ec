// capture-pane as tmux: trimming, -N, -J, -e, and history with negative -S.
// The expected text for the first test, and clear-history's, is what tmux 3.3a printed for the same pane.
import { test, expect, afterEach } from "bun:test";
import { Terminal } from "@xterm/headless";
import { Weft } from "../helpers/weft.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const SCRIPT = "printf 'abc   \\nxxxxxxxxxxxxxxxxxxxxyyy\\n\\033[1;31mred\\033[0m plain \\033[38;5;200mx\\033[48;2;1;2;3my\\033[0m\\n'; sleep 100";

test("plain, -N and -J captures match tmux", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "c", "-x", "20", "-y", "5", SCRIPT);
  await weft.waitForText("red plain xy", "c");
  expect(await weft.ok("capture-pane", "-p", "-t", "c")).toBe("abc\nxxxxxxxxxxxxxxxxxxxx\nyyy\nred plain xy\n\n");
  expect(await weft.ok("capture-pane", "-pN", "-t", "c")).toBe("abc   \nxxxxxxxxxxxxxxxxxxxx\nyyy\nred plain xy\n\n");
  expect(await weft.ok("capture-pane", "-pJ", "-t", "c")).toBe("abc   \nxxxxxxxxxxxxxxxxxxxxyyy\nred plain xy\n\n");
});

test("-e reproduces colours and attributes as SGR", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "c", "-x", "20", "-y", "5", SCRIPT);
  await weft.waitForText("red plain xy", "c");
  const out = await weft.ok("capture-pane", "-pe", "-t", "c");
  // Replaying the capture into a terminal gives the same cells as the pane.
  const t = new Terminal({ cols: 20, rows: 5, allowProposedApi: true });
  await new Promise<void>((r) => t.write(out.replace(/\n/g, "\r\n"), r));
  const line = t.buffer.active.getLine(3)!;
  const cell = (x: number) => line.getCell(x)!;
  expect(cell(0).getChars()).toBe("r");
  expect(cell(0).isBold()).toBeTruthy();
  expect([cell(0).isFgPalette(), cell(0).getFgColor()]).toEqual([true, 1]);
  expect(cell(4).isBold()).toBeFalsy(); // "plain"
  expect(cell(4).isFgDefault()).toBe(true);
  expect([cell(10).getChars(), cell(10).getFgColor()]).toEqual(["x", 200]);
  expect([cell(11).getChars(), cell(11).isBgRGB(), cell(11).getBgColor()]).toEqual(["y", true, 0x010203]);
});

test("history comes back with negative -S, and '-' means the start of history", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "h", "-x", "30", "-y", "5", "seq 1 50; sleep 100");
  await weft.waitForText("50", "h");
  // 50 lines and the cursor's empty line: 46 in history, rows 0-3 are 47..50, row 4 is empty.
  expect(await weft.ok("capture-pane", "-p", "-t", "h", "-S", "-3", "-E", "0")).toBe("44\n45\n46\n47\n");
  const all = (await weft.ok("capture-pane", "-p", "-t", "h", "-S", "-", "-E", "-")).split("\n");
  expect(all.slice(0, 3)).toEqual(["1", "2", "3"]);
  expect(all[49]).toBe("50");
  expect(await weft.ok("display", "-p", "-t", "h", "#{history_size}")).toBe("46\n");
  // Without -p the capture goes into a paste buffer.
  await weft.ok("capture-pane", "-t", "h", "-b", "cap");
  expect(await weft.ok("show-buffer", "-b", "cap")).toBe("47\n48\n49\n50\n\n");
});

test("after a flood the history is every last line, in order, whatever was parsed only for the screen", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "f", "-x", "40", "-y", "10", "seq 1 300000; echo flood-done; sleep 100");
  await weft.waitForText("flood-done", "f", 30_000);
  const all = (await weft.ok("capture-pane", "-p", "-t", "f", "-S", "-", "-E", "-")).split("\n").filter((l) => /^\d+$/.test(l));
  // history-limit 2000 and the screen: the last lines of the flood, none missing or repeated.
  expect(all.length).toBeGreaterThanOrEqual(2000);
  expect(all.map(Number)).toEqual(Array.from({ length: all.length }, (_, i) => 300000 - all.length + 1 + i));
  expect(await weft.ok("display", "-p", "-t", "f", "#{history_size}")).toBe("2000\n");
});

test("clear-history empties the history (history_size, history_bytes, capture -S -) and leaves copy mode; new lines come after it", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "k", "-x", "30", "-y", "5", "seq 1 3000; read x; seq 5001 5010; sleep 100");
  await weft.waitForText("3000", "k");
  // (tmux shows 1996: it frees a tenth of its limit at a time; weft trims to the limit, as xterm does.)
  expect(await weft.ok("display", "-p", "-t", "k", "#{history_size} #{history_limit}")).toBe("2000 2000\n");
  expect(Number(await weft.ok("display", "-p", "-t", "k", "#{history_bytes}"))).toBeGreaterThan(0);
  await weft.ok("copy-mode", "-t", "k");
  await weft.ok("clear-history", "-t", "k");
  expect(await weft.ok("display", "-p", "-t", "k", "#{history_size} #{history_bytes} #{pane_in_mode}")).toBe("0 0 0\n");
  expect(await weft.ok("capture-pane", "-p", "-t", "k", "-S", "-")).toBe("2997\n2998\n2999\n3000\n\n");
  await weft.ok("send-keys", "-t", "k", "Enter");
  await weft.waitForText("5010", "k");
  const all = (await weft.ok("capture-pane", "-p", "-t", "k", "-S", "-")).split("\n").filter((l) => /^\d+$/.test(l));
  expect(all).toEqual(["2997", "2998", "2999", "3000", ...Array.from({ length: 10 }, (_, i) => String(5001 + i))]);
  expect(await weft.ok("display", "-p", "-t", "k", "#{history_size}")).toBe("11\n");
});

test("bad line numbers and targets are one-line errors", async () => {
  weft = await Weft.start();
  await weft.ok("new", "-d", "-s", "e", "--", "sh");
  expect(await weft.run("capture-pane", "-p", "-S", "abc")).toEqual({ code: 1, stdout: "", stderr: "invalid line number: abc\n" });
  expect(await weft.run("capture-pane", "-p", "-t", "%99")).toEqual({ code: 1, stdout: "", stderr: "can't find pane: %99\n" });
});
