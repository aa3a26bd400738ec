// Reference tests: compose a frame from pane terminals, encode it, play the
// bytes into a second terminal (the host) and compare cell by cell.

import { describe, expect, test } from "bun:test";
import { composeFrame, Frame, type PaneView } from "../../src/render/index.ts";
import { frameRows, frameText, Host, input, statusLine, term, termRows, threePanes, write } from "./harness.ts";

/** The host equals the frame, and every pane's rectangle equals its terminal. */
function checkAll(host: Host, f: Frame, panes: PaneView[]): void {
  expect(host.rows()).toEqual(frameRows(f));
  for (const p of panes) {
    const w = Math.min(p.width, p.terminal.cols, f.cols - p.x);
    const h = Math.min(p.height, p.terminal.rows);
    expect(frameRows(f, p.x, p.y, w, h)).toEqual(termRows(p.terminal, 0, 0, w, h));
  }
}

describe("reference: host equals composite", () => {
  test("colours: default, 16, 256, truecolor, fg and bg", async () => {
    const t = term(40, 5);
    await write(
      t,
      "plain \x1b[31mred\x1b[0m \x1b[92mbright\x1b[0m \x1b[44mbluebg\x1b[0m\r\n" +
        "\x1b[38;5;1mp1\x1b[38;5;200m p200\x1b[48;5;17m bg17\x1b[0m\r\n" +
        "\x1b[38;2;1;2;3mrgb\x1b[48;2;250;128;0m both\x1b[39m fgdef\x1b[49m none\x1b[0m\r\n" +
        "\x1b[105;30mmix\x1b[0m",
    );
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 40, height: 5, active: true }];
    const host = new Host(40, 6);
    const f = composeFrame(input(40, 6, panes, { windowRows: 5 }));
    await host.show(f);
    checkAll(host, f, panes);
    // Spot checks of the packed colours (mode | value).
    expect(frameRows(f, 6, 0, 1, 1)[0]?.[0]).toBe("r|1|1000001|0|0");
    expect(frameRows(f, 0, 1, 1, 1)[0]?.[0]).toBe("p|1|2000001|0|0");
    expect(frameRows(f, 0, 2, 1, 1)[0]?.[0]).toBe("r|1|3010203|0|0");
  });

  test("attributes: bold dim italic underline blink inverse invisible strikethrough overline", async () => {
    const t = term(60, 3);
    await write(
      t,
      "\x1b[1mB\x1b[2mD\x1b[22;3mI\x1b[23;4mU\x1b[24;5mK\x1b[25;7mV\x1b[27;8mH\x1b[28;9mS\x1b[29;53mO\x1b[0m x " +
        "\x1b[1;2;3;4;5;7;9;53mALL\x1b[0m\r\n\x1b[1;31;42mbold red on green\x1b[22m dim?\x1b[2m yes\x1b[0m",
    );
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 60, height: 3, active: true }];
    const host = new Host(60, 4);
    const f = composeFrame(input(60, 4, panes, { windowRows: 3 }));
    await host.show(f);
    checkAll(host, f, panes);
  });

  test("wide chars, emoji, combining marks and ZWJ sequences; never the spacer", async () => {
    const t = term(30, 5);
    await write(t, "中文字 ab👍c\r\ne\u0301 n\u0303 x\u200dy\r\n👨\u200d👩\u200d👧 ok\r\n0123456789012345678901234567中x");
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 30, height: 5, active: true }];
    const host = new Host(30, 6);
    const f = composeFrame(input(30, 6, panes, { windowRows: 5 }));
    const bytes = await host.show(f);
    checkAll(host, f, panes);
    expect(frameText(f, 0).startsWith("中文字 ab")).toBe(true);
    expect(frameText(f, 1).startsWith("e\u0301 n\u0303")).toBe(true);
    // Each wide char is written once: the frame's text has it once.
    const text = new TextDecoder().decode(bytes);
    expect(text.split("中").length - 1).toBe(2);
  });

  test("a wide char that straddles the pane's right edge becomes a space", async () => {
    const t = term(10, 2);
    await write(t, "abcdefgh中");
    // The pane is drawn 9 wide (smaller than its terminal): the wide char at 8-9 is cut.
    const right = term(5, 2);
    await write(right, "RIGHT");
    const panes: PaneView[] = [
      { terminal: t, x: 0, y: 0, width: 9, height: 2, active: true },
      { terminal: right, x: 10, y: 0, width: 5, height: 2, active: false },
    ];
    const host = new Host(15, 3);
    const f = composeFrame(input(15, 3, panes, { windowRows: 2 }));
    await host.show(f);
    expect(host.rows()).toEqual(frameRows(f));
    expect(frameText(f, 0)).toBe("abcdefgh │RIGHT");
  });

  test("borders: box-drawing chars from neighbours, green next to the active pane", async () => {
    const { panes, terms } = threePanes(21, 9, 1);
    for (const [i, t] of terms.entries()) await write(t, `pane ${i}`);
    const host = new Host(21, 10);
    const f = composeFrame(input(21, 10, panes, { windowRows: 9 }));
    await host.show(f);
    checkAll(host, f, panes);
    // Left pane 10 wide, border at x=10; right panes split at y=4.
    expect(frameText(f, 0).slice(10, 11)).toBe("│");
    expect(frameText(f, 4).slice(10)).toBe("├──────────");
    expect(frameText(f, 8).slice(10, 11)).toBe("│");
    const green = (x: number, y: number) => frameRows(f, x, y, 1, 1)[0]?.[0]?.split("|")[2];
    expect(green(10, 0)).toBe("1000002"); // next to the active (top right) pane
    expect(green(15, 4)).toBe("1000002");
    expect(green(10, 8)).toBe("0"); // only next to inactive panes
  });

  test("four panes meet in a cross", async () => {
    const mk = (x: number, y: number, active: boolean): PaneView => ({ terminal: term(4, 2), x, y, width: 4, height: 2, active });
    const panes = [mk(0, 0, false), mk(5, 0, false), mk(0, 3, false), mk(5, 3, true)];
    const f = composeFrame(input(9, 6, panes, { windowRows: 5 }));
    expect(frameText(f, 2)).toBe("────┼────");
    expect(frameText(f, 0)).toBe("    │    ");
  });

  test("zoom: a single pane fills the window", async () => {
    const t = term(20, 5);
    await write(t, "\x1b[7mzoomed\x1b[0m in");
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 20, height: 5, active: true }];
    const host = new Host(20, 6);
    const f = composeFrame(input(20, 6, panes, { windowRows: 5 }));
    await host.show(f);
    checkAll(host, f, panes);
    expect(host.cursor()).toMatchObject({ x: 9, y: 0, visible: true });
  });

  // tmux 3.3a draws the window's right and bottom edges as border lines (screen_redraw_check_cell
  // on px == w->sx), then dots: seen in a 30x5 window on an 80x12 client.
  test("window smaller than the client: its edge is a border line, the rest is dotted", async () => {
    const t = term(8, 3);
    await write(t, "small");
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 8, height: 3, active: true }];
    const host = new Host(12, 6);
    const f = composeFrame(input(12, 6, panes, { windowCols: 8, windowRows: 3 }));
    await host.show(f);
    checkAll(host, f, panes);
    expect(frameText(f, 0)).toBe("small   │···");
    expect(frameText(f, 3)).toBe("────────┘···");
    expect(frameText(f, 4)).toBe("············");
  });

  test("window larger than the client: clipped", async () => {
    const t = term(30, 10);
    await write(t, "a".repeat(19) + "中" + "\r\n".repeat(8) + "last");
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 30, height: 10, active: true }];
    const host = new Host(20, 6);
    const f = composeFrame(input(20, 6, panes, { windowCols: 30, windowRows: 10 }));
    await host.show(f);
    expect(host.rows()).toEqual(frameRows(f));
    expect(frameText(f, 0)).toBe("a".repeat(19) + " "); // the cut wide char
    expect(f.cursor.visible).toBe(false); // the cursor is below the clip
  });

  test("status line: left, right-aligned, padding, sanitized", async () => {
    const t = term(30, 2);
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 30, height: 2, active: true }];
    const host = new Host(30, 3);
    const f = composeFrame(
      input(30, 3, panes, {
        windowRows: 2,
        status: [statusLine(30, [{ text: "[0] " }, { text: "0:vim*", bold: true, fg: "colour220" }, { text: " \x1b[2J\x07" }], [{ text: "中 12:00", bg: "#102030" }])],
      }),
    );
    const bytes = await host.show(f);
    expect(host.rows()).toEqual(frameRows(f));
    expect(frameText(f, 2)).toBe("[0] 0:vim* ?[2J?      中 12:00");
    expect(new TextDecoder().decode(bytes)).not.toContain("\x1b[2J\x07");
    expect(frameRows(f, 4, 2, 1, 1)[0]?.[0]).toBe("0|1|20000dc|1000002|1");
  });

  test("overlay replaces the status and may show a prompt cursor", async () => {
    const t = term(20, 2);
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 20, height: 2, active: true }];
    const host = new Host(20, 3);
    const f = composeFrame(input(20, 3, panes, { windowRows: 2, overlay: { cells: statusLine(20, [{ text: ":kill" }]), cursorX: 5 } }));
    await host.show(f);
    expect(frameText(f, 2)).toBe(":kill               ");
    expect(host.cursor()).toMatchObject({ x: 5, y: 2, visible: true });
  });

  test("no status line: panes use every row", async () => {
    const t = term(10, 3);
    await write(t, "1\r\n2\r\n3");
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 10, height: 3, active: true }];
    const host = new Host(10, 3);
    const f = composeFrame(input(10, 3, panes, { windowRows: 3, status: null }));
    await host.show(f);
    checkAll(host, f, panes);
  });

  test("cursor: position, hidden, shape (DECSCUSR)", async () => {
    const { panes, terms } = threePanes(21, 9, 2);
    const host = new Host(21, 10);
    const t2 = terms[2];
    if (!t2) throw new Error("no pane");
    await write(t2, "ab\r\ncd");
    await host.show(composeFrame(input(21, 10, panes, { windowRows: 9 })));
    expect(host.cursor()).toMatchObject({ x: 11 + 2, y: 5 + 1, visible: true });
    await write(t2, "\x1b[5 q");
    await host.show(composeFrame(input(21, 10, panes, { windowRows: 9 })));
    expect(host.cursor().style).toBe("bar");
    await write(t2, "\x1b[?25l");
    await host.show(composeFrame(input(21, 10, panes, { windowRows: 9 })));
    expect(host.cursor().visible).toBe(false);
    await write(t2, "\x1b[?25h\x1b[4 q\x1b[1;1H");
    await host.show(composeFrame(input(21, 10, panes, { windowRows: 9 })));
    expect(host.cursor()).toMatchObject({ x: 11, y: 5, visible: true, style: "underline" });
  });

  test("synchronized output wraps each frame in DEC 2026", async () => {
    const t = term(10, 2);
    await write(t, "x");
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 10, height: 2, active: true }];
    const host = new Host(10, 3, true);
    const bytes = await host.show(composeFrame(input(10, 3, panes, { windowRows: 2 })));
    const s = new TextDecoder().decode(bytes);
    expect(s.startsWith("\x1b[?2026h")).toBe(true);
    expect(s.endsWith("\x1b[?2026l")).toBe(true);
  });

  test("resize and invalidate redraw in full", async () => {
    const t = term(10, 2);
    await write(t, "hello");
    const panes: PaneView[] = [{ terminal: t, x: 0, y: 0, width: 10, height: 2, active: true }];
    const host = new Host(10, 3);
    const f = composeFrame(input(10, 3, panes, { windowRows: 2 }));
    await host.show(f);
    expect((await host.show(f)).length).toBe(0);
    await write(host.terminal, "\x1b[2J garbage"); // the host lost its screen
    host.screen.invalidate();
    await host.show(f);
    expect(host.rows()).toEqual(frameRows(f));
    host.terminal.resize(12, 4);
    host.screen.resize(12, 4);
    t.resize(12, 3);
    const g = composeFrame(input(12, 4, [{ ...panes[0]!, width: 12, height: 3 }], { windowRows: 3 }));
    await host.show(g);
    expect(host.rows()).toEqual(frameRows(g));
  });
});
