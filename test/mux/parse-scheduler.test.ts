// The parse scheduler: short output on a quiet pane is parsed at once (and flagged interactive);
// floods go in slices, and the interrupt hook ends a run after the current slice.
import { expect, test } from "bun:test";
import { Terminal } from "@xterm/headless";
import { ParseScheduler, type ParseSink } from "../../src/mux/parse-scheduler.ts";
import { waitFor } from "../helpers/wait.ts";

function sink(): ParseSink & { calls: boolean[] } {
  const terminal = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
  const calls: boolean[] = [];
  return { terminal, calls, parsed: (interactive) => calls.push(interactive) };
}

const turn = () => new Promise<void>((r) => setImmediate(r));

test("a short batch on a quiet pane is parsed before feed returns, flagged interactive", () => {
  const s = sink();
  const ps = new ParseScheduler();
  ps.feed(s, "hello");
  expect(s.calls).toEqual([true]);
  expect(s.terminal.buffer.active.getLine(0)?.translateToString(true)).toBe("hello");
  expect(ps.isQueued(s)).toBe(false);
});

test("a flood is queued and parsed in slices, not flagged interactive; the interrupt ends a run after one slice", async () => {
  const s = sink();
  const ps = new ParseScheduler();
  let asked = 0;
  ps.setInterrupt(() => {
    asked++;
    return true;
  });
  let done = false;
  ps.feed(s, "x".repeat(256 * 1024), () => (done = true));
  expect(s.calls).toEqual([]);
  expect(ps.isQueued(s)).toBe(true);
  await turn();
  expect(s.calls).toEqual([false]); // one slice, then the run ended
  expect(asked).toBe(1);
  await waitFor(() => done, "the flood to be parsed");
  expect(s.calls.length).toBe(16); // 256 KiB in 16 KiB slices, one per run
  expect(s.calls.every((c) => !c)).toBe(true);
  expect(ps.isQueued(s)).toBe(false);
});
