// A control client's output: tmux's %output escaping, order, the hold during a command, and the
// bounds (pause under pause-after, else the client dropped), against a sink that stops taking.
import { test, expect } from "bun:test";
import { ControlOutput, escapeOutput, MAX_QUEUED_BYTES } from "../../../src/mux/client/control-output.ts";

class Sink {
  written: Uint8Array[] = [];
  backlog = 0;
  write(b: Uint8Array): void {
    this.written.push(b.slice());
  }
  get text(): string {
    return this.written.map((b) => Buffer.from(b).toString("latin1")).join("");
  }
}

function make(pauseAfter: number | null = null) {
  const sink = new Sink();
  const owner = { pauseAfter, dropped: 0, tooFarBehind: () => owner.dropped++ };
  return { sink, owner, out: new ControlOutput(sink, owner) };
}

test("escapeOutput: bytes below a space and backslash as three octal digits; the rest as they are", () => {
  const bytes = new Uint8Array([0x61, 0x0d, 0x0a, 0x5c, 0x1b, 0x7f, 0xc3, 0xa9, 0x00]);
  expect(Buffer.from(escapeOutput(bytes, "%output %3 ")).toString("latin1")).toBe("%output %3 a\\015\\012\\134\\033\x7f\xc3\xa9\\000\n");
});

test("lines and output go out in order, in one write a turn", async () => {
  const { sink, out } = make();
  out.line("%begin 1 2 1");
  out.line("%end 1 2 1");
  out.output(0, new TextEncoder().encode("hi\r\n"));
  out.line("%window-add @1");
  await new Promise((r) => setImmediate(r));
  expect(sink.written.length).toBe(1);
  expect(sink.text).toBe("%begin 1 2 1\n%end 1 2 1\n%output %0 hi\\015\\012\n%window-add @1\n");
});

test("output read while a command runs follows its %end", () => {
  const { sink, out } = make();
  out.line("%begin 1 2 1");
  out.holdOutput();
  out.output(0, new TextEncoder().encode("x"));
  out.line("reply");
  out.line("%end 1 2 1");
  out.releaseOutput();
  out.pump();
  expect(sink.text).toBe("%begin 1 2 1\nreply\n%end 1 2 1\n%output %0 x\n");
});

test("pause-after: %extended-output with its age; a paused pane's output is dropped until it continues", () => {
  const { sink, out } = make(5000);
  out.output(2, new TextEncoder().encode("a"));
  out.pump();
  expect(sink.text).toMatch(/^%extended-output %2 \d+ : a\n$/);
  out.pause(2);
  out.output(2, new TextEncoder().encode("lost"));
  out.continuePane(2);
  out.output(2, new TextEncoder().encode("b"));
  out.pump();
  expect(sink.text.split("\n").slice(1, 4)).toEqual(["%pause %2", "%continue %2", expect.stringMatching(/^%extended-output %2 \d+ : b$/)]);
});

test("a client that does not read: past the bound its pane is paused (pause-after) or it is dropped", () => {
  const chunk = new Uint8Array(1024 * 1024);
  for (const pauseAfter of [60_000, null]) {
    const { sink, owner, out } = make(pauseAfter);
    sink.backlog = 1 << 30; // the connection takes nothing
    for (let i = 0; i < MAX_QUEUED_BYTES / chunk.length + 4; i++) out.output(1, chunk);
    if (pauseAfter !== null) {
      expect(owner.dropped).toBe(0);
      sink.backlog = 0;
      out.pump();
      expect(sink.text).toBe("%pause %1\n");
    } else expect(owner.dropped).toBeGreaterThan(0);
  }
});

test("-A %N:off: the pane's output is not sent; on: it is again", () => {
  const { sink, out } = make();
  out.off.add(4);
  out.output(4, new TextEncoder().encode("no"));
  out.off.delete(4);
  out.output(4, new TextEncoder().encode("yes"));
  out.pump();
  expect(sink.text).toBe("%output %4 yes\n");
});
