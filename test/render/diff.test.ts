// The encoder's diffs are small: one changed cell is a few bytes, an
// unchanged frame none; and synchronized-output holds keep a pane's old view.

import { expect, test } from "bun:test";
import { ClientScreen, composeFrame, Frame, syncHold, SYNC_HOLD_TIMEOUT_MS, type PaneView } from "../../src/render/index.ts";
import { frameRows, frameText, Host, input, statusLine, term, termRows, write } from "./harness.ts";

test("an unchanged frame costs 0 bytes; one changed cell < 32 bytes", async () => {
  const t = term(200, 49);
  let s = "";
  for (let y = 0; y < 49; y++) s += `\x1b[${y + 1};1H\x1b[3${y % 8}m` + "abcdefghij".repeat(20);
  await write(t, s + "\x1b[1;1H");
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 200, height: 49, active: true }];
  const host = new Host(200, 50);
  const f = new Frame(200, 50);
  composeFrame(input(200, 50, panes), f);
  expect((await host.show(f)).length).toBeGreaterThan(10_000);
  composeFrame(input(200, 50, panes), f);
  expect((await host.show(f)).length).toBe(0);
  // One cell in the middle, with a new colour; the cursor comes back to where it was.
  await write(t, "\x1b[25;100H\x1b[1;38;5;200mZ\x1b[0m\x1b[1;1H");
  composeFrame(input(200, 50, panes), f);
  const bytes = await host.show(f);
  expect(bytes.length).toBeGreaterThan(0);
  if (bytes.length >= 32) console.log(JSON.stringify(new TextDecoder().decode(bytes)));
  expect(bytes.length).toBeLessThan(32);
  expect(host.rows()).toEqual(frameRows(f));
  // Typing one plain char after the cursor.
  await write(t, "\x1b[0m\x1b[31mQ");
  composeFrame(input(200, 50, panes), f);
  expect((await host.show(f)).length).toBeLessThan(12);
  expect(host.rows()).toEqual(frameRows(f));
});

test("a cursor move alone is a cursor move", async () => {
  const t = term(40, 10);
  await write(t, "hello");
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 40, height: 10, active: true }];
  const host = new Host(40, 11);
  await host.show(composeFrame(input(40, 11, panes)));
  await write(t, "\x1b[3;10H");
  const bytes = await host.show(composeFrame(input(40, 11, panes)));
  expect(new TextDecoder().decode(bytes)).toBe("\x1b[3;10H");
  expect(host.cursor()).toMatchObject({ x: 9, y: 2 });
});

test("SGR: a reset only when it is shorter", async () => {
  const t = term(40, 2);
  await write(t, "\x1b[1;3;4;38;2;10;20;30mA\x1b[0mB\x1b[1;3;4;38;2;10;20;30mC\x1b[23mD");
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 40, height: 2, active: true }];
  const host = new Host(40, 3);
  const bytes = await host.show(composeFrame(input(40, 3, panes, { status: null, windowRows: 3 })));
  const s = new TextDecoder().decode(bytes);
  expect(s).toContain("A\x1b[0mB"); // not 22;23;24;39
  expect(s).toContain("C\x1b[23mD"); // not a reset and all the rest again
  expect(host.rows()).toEqual(termRows(t).concat([termRows(host.terminal)[2] ?? []]));
});

test("the bottom-right cell is written without scrolling the host", async () => {
  const t = term(10, 3);
  await write(t, "top\r\n\r\n123456789X");
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 10, height: 3, active: true }];
  const host = new Host(10, 3);
  const f = composeFrame(input(10, 3, panes, { status: null, windowRows: 3 }));
  await host.show(f);
  expect(host.rows()).toEqual(frameRows(f));
  await write(t, "\x1b[1;1HTOP\x1b[3;10HY");
  const g = composeFrame(input(10, 3, panes, { status: null, windowRows: 3 }));
  await host.show(g);
  expect(host.rows()).toEqual(frameRows(g));
  expect(frameText(g, 0)).toBe("TOP       ");
});

test("a pane holding synchronized output is not repainted until it releases it", async () => {
  const t = term(20, 3);
  await write(t, "before");
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 20, height: 3, active: true }];
  const host = new Host(20, 4);
  await host.show(composeFrame(input(20, 4, panes, { now: 0 })));
  await write(t, "\x1b[?2026h\r\x1b[Kafter");
  expect(syncHold(t, 10)).toBeGreaterThan(0);
  const held = composeFrame(input(20, 4, panes, { now: 10 }));
  expect(frameText(held, 0).trim()).toBe("before");
  expect(held.holdMs).toBe(SYNC_HOLD_TIMEOUT_MS);
  expect((await host.show(held)).length).toBe(0);
  await write(t, "\x1b[?2026l");
  const released = composeFrame(input(20, 4, panes, { now: 20 }));
  expect(frameText(released, 0).trim()).toBe("after");
  expect(released.holdMs).toBe(0);
});

test("a synchronized-output hold times out", async () => {
  const t = term(20, 3);
  await write(t, "before");
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 20, height: 3, active: true }];
  composeFrame(input(20, 4, panes, { now: 1000 }));
  await write(t, "\x1b[?2026h\r\x1b[Kstuck");
  expect(frameText(composeFrame(input(20, 4, panes, { now: 1001 })), 0).trim()).toBe("before");
  const late = composeFrame(input(20, 4, panes, { now: 1001 + SYNC_HOLD_TIMEOUT_MS }));
  expect(frameText(late, 0).trim()).toBe("stuck");
});

test("the copy-mode view shows lines above the bottom", async () => {
  const t = term(10, 3, 50);
  for (let i = 0; i < 10; i++) await write(t, `line ${i}\r\n`);
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 10, height: 3, active: true, scrollOffset: 4 }];
  const f = composeFrame(input(10, 4, panes));
  expect(frameText(f, 0).trim()).toBe("line 4");
  panes[0] = { ...panes[0]!, scrollOffset: undefined };
  expect(frameText(composeFrame(input(10, 4, panes)), 0).trim()).toBe("line 8");
});

test("control chars never reach the host from status text", () => {
  const f = composeFrame({ cols: 20, rows: 1, panes: [], windowCols: 20, windowRows: 0, status: [statusLine(20, [{ text: "a\x1b]0;x\x07\u009bb" }])] });
  expect(frameText(f, 0)).toBe("a?]0;x??b           ");
  const bytes = new ClientScreen(20, 1).encode(f);
  // Our own sequences only: ESC appears in CSIs we wrote, never followed by ']'.
  expect(new TextDecoder().decode(bytes)).not.toContain("\x1b]");
  expect(bytes.includes(0x07)).toBe(false);
});

test("clear(), reset() and resize() called on a pane's terminal are picked up", async () => {
  const t = term(12, 4, 20);
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 12, height: 4, active: true }];
  const check = () => {
    const f = composeFrame(input(12, 5, panes, { windowRows: 4 }));
    expect(frameRows(f, 0, 0, t.cols, t.rows)).toEqual(termRows(t));
  };
  await write(t, "1\r\n2\r\n3\r\n4\r\n5\r\n6 \x1b[41mred");
  check();
  t.clear();
  check();
  await write(t, "\x1b[2;3Hmore\x1b[?1049halt");
  check();
  t.reset();
  check();
  await write(t, "abcdefghijklmnopqrstuvwxyz");
  check();
  t.resize(8, 4);
  panes[0] = { ...panes[0]!, width: 8 };
  check();
  t.resize(12, 3);
  panes[0] = { ...panes[0]!, width: 12, height: 3 };
  check();
});

test("rows scrolled by output repaint, also once the history is full and lines are reused", async () => {
  // Scrolling is seen through xterm's dirty rows alone (no per-line scroll listener): a scroll
  // with a full history changes no buffer length, only every row's content.
  const t = term(10, 3, 2);
  const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 10, height: 3, active: true }];
  const host = new Host(10, 4);
  const f = new Frame(10, 4);
  const check = async () => {
    composeFrame(input(10, 4, panes, { windowRows: 3 }), f);
    await host.show(f);
    expect(frameRows(f, 0, 0, 10, 3)).toEqual(termRows(t));
    expect(host.rows().slice(0, 3)).toEqual(termRows(t));
  };
  await write(t, "a\r\nb\r\nc");
  await check();
  for (let i = 0; i < 8; i++) {
    await write(t, `\r\nline ${i}`);
    await check();
  }
  await write(t, Array.from({ length: 50 }, (_, i) => `\r\nn${i}`).join(""));
  await check();
  expect(t.buffer.active.getLine(t.buffer.active.baseY + 2)?.translateToString(true)).toBe("n49");
});
