// A popup's box under the mouse and the client's size, as tmux 3.3a's popup.c: dragging its
// border (or M-dragging inside) with the left button moves it, with the right button resizes it
// and its program's terminal; a smaller client moves it in and shrinks it, a bigger one gives
// back its place; Escape closes it unless -E keeps a running program.
import { test, expect, afterEach } from "bun:test";
import { Popup } from "../../../src/mux/client/popup.ts";
import { DEFAULT_BASE } from "../../../src/mux/model/style.ts";
import type { MouseEvent } from "../../../src/mux/client/mouse.ts";
import { waitFor } from "../../helpers/wait.ts";

let popup: Popup | null = null;
afterEach(() => {
  popup?.dispose();
  popup = null;
});

function open(closeOnExit: 0 | 1 | 2 = 0, script = "sleep 30", closed = () => {}): Popup {
  popup = new Popup({
    x: 10, y: 5, width: 20, height: 8, lines: "single", title: "", style: DEFAULT_BASE, borderStyle: DEFAULT_BASE,
    spawn: { argv: ["/bin/sh", "-c", script], env: { PATH: "/usr/bin:/bin" }, cwd: "/" },
    closeOnExit, changed: () => {}, close: closed, toPane: () => false,
  });
  popup.resize(80, 24);
  return popup;
}

const ev = (kind: MouseEvent["kind"], button: number, x: number, y: number, meta = false): MouseEvent => ({ kind, button, x, y, shift: false, meta, ctrl: false });

test("a left drag that starts on the border moves it, kept on the client", () => {
  const p = open();
  p.mouse(ev("down", 0, 10, 7)); // the left border
  p.mouse(ev("drag", 0, 10, 8)); // still on it: the drag starts (tmux checks where the first motion is)
  p.mouse(ev("drag", 0, 13, 9));
  expect([p.x, p.y]).toEqual([13, 7]); // from the press: 3 right, 2 down
  p.mouse(ev("drag", 0, 16, 11));
  expect([p.x, p.y]).toEqual([16, 9]);
  p.mouse(ev("drag", 0, 90, 40));
  expect([p.x, p.y]).toEqual([60, 16]);
  p.mouse(ev("up", 3, 90, 40));
  p.mouse(ev("drag", 0, 65, 20)); // not dragging any more: inside, the program's
  expect([p.x, p.y]).toEqual([60, 16]);
});

test("a first motion off the border is the program's, not a move", () => {
  const p = open();
  p.mouse(ev("down", 0, 10, 7));
  p.mouse(ev("drag", 0, 13, 9));
  p.mouse(ev("drag", 0, 16, 11));
  expect([p.x, p.y]).toEqual([10, 5]);
});

test("M-drag inside moves it; a right drag from the border resizes it and its program", () => {
  const p = open();
  p.mouse(ev("down", 0, 15, 8, true));
  p.mouse(ev("drag", 0, 16, 8, true));
  p.mouse(ev("drag", 0, 19, 10, true));
  expect([p.x, p.y]).toEqual([14, 7]);
  p.mouse(ev("up", 3, 19, 10));
  p.mouse(ev("down", 2, 33, 10)); // the right border
  p.mouse(ev("drag", 2, 33, 11));
  p.mouse(ev("drag", 2, 40, 16));
  expect([p.width, p.height]).toEqual([26, 9]);
  expect([p.pane.cols, p.pane.rows]).toEqual([24, 7]);
  p.mouse(ev("drag", 2, 15, 8)); // under 3 cells: ignored
  expect([p.width, p.height]).toEqual([26, 9]);
});

test("the client's size moves it in and shrinks it, and gives its place back", () => {
  const p = open();
  p.resize(25, 10);
  expect([p.x, p.y, p.width, p.height]).toEqual([5, 2, 20, 8]);
  p.resize(15, 6);
  expect([p.x, p.y, p.width, p.height]).toEqual([0, 0, 15, 6]);
  expect([p.pane.cols, p.pane.rows]).toEqual([13, 4]);
  p.resize(80, 24);
  expect([p.x, p.y, p.width, p.height]).toEqual([10, 5, 20, 8]);
});

test("Escape closes it without -E; with -E it is the program's until it exits, then the popup closes", async () => {
  expect(open(0).key("Escape", Uint8Array.of(27))).toBe("close");
  popup?.dispose();
  let closed = false;
  const p = open(1, "read x; exit 3", () => (closed = true));
  expect(p.key("Escape", Uint8Array.of(27))).toBe("none");
  p.key("a", Buffer.from("a\r"));
  await waitFor(() => closed, "closed when the program exited");
  expect(p.status).toBe(3);
});

test("-EE closes only on a zero exit", async () => {
  let closed = false;
  const p = open(2, "exit 1", () => (closed = true));
  await waitFor(() => p.pane.dead, "the program exited");
  expect(closed).toBe(false);
  expect(p.status).toBe(1);
  expect(p.key("Escape", Uint8Array.of(27))).toBe("close");
});
