// Copy mode's additions to a pane view: highlights, the position indicator and a cursor of its own.

import { expect, test } from "bun:test";
import { composeFrame, type PaneView } from "../../src/render/index.ts";
import { frameRows, frameText, Host, input, term, write } from "./harness.ts";

test("highlights restyle cells, the indicator sits top-right in black on yellow, the view cursor wins", async () => {
  const t = term(20, 4);
  await write(t, "hello world\r\n\x1b[31mred\x1b[0m text\r\n日本語x");
  const pane: PaneView = {
    terminal: t,
    x: 0,
    y: 0,
    width: 20,
    height: 4,
    active: true,
    highlights: [
      { x: 6, y: 0, width: 5, fg: "black", bg: "yellow" },
      { x: 0, y: 1, width: 3, reverse: true },
      { x: 18, y: 3, width: 10, bg: "cyan" }, // clipped at the pane's edge
    ],
    indicator: "[3/10]",
    cursor: { x: 2, y: 1 },
  };
  const f = composeFrame(input(20, 5, [pane], { windowRows: 4 }));
  expect(frameText(f, 0)).toBe("hello world   [3/10]");
  expect(frameRows(f, 6, 0, 1, 1)[0]?.[0]).toBe("w|1|1000000|1000003|0");
  expect(frameRows(f, 5, 0, 1, 1)[0]?.[0]).toBe(" |1|0|0|0");
  expect(frameRows(f, 0, 1, 1, 1)[0]?.[0]).toBe("r|1|1000001|0|32"); // red, now inverse
  expect(frameRows(f, 14, 0, 1, 1)[0]?.[0]).toBe("[|1|1000000|1000003|0");
  expect(frameRows(f, 19, 3, 1, 1)[0]?.[0]).toBe(" |1|0|1000006|0");
  expect(f.cursor).toMatchObject({ x: 2, y: 1, visible: true });
  // The host shows it all the same.
  const host = new Host(20, 5);
  await host.show(f);
  expect(host.rows()).toEqual(frameRows(f));
});

test("an indicator over the right half of a wide character blanks the character", async () => {
  const t = term(6, 2);
  await write(t, "ab日本");
  const f = composeFrame(input(6, 3, [{ terminal: t, x: 0, y: 0, width: 6, height: 2, active: false, indicator: "[1]" }], { windowRows: 2 }));
  expect(frameText(f, 0)).toBe("ab [1]");
  const host = new Host(6, 3);
  await host.show(f);
  expect(host.rows()).toEqual(frameRows(f));
});
