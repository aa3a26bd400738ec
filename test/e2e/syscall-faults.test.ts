// EINTR and EAGAIN on every syscall path of the PTY layer, injected through the libc bindings'
// test seam (WEFT_TEST_SYSCALL_FAULTS, inherited by the server from the client that starts
// it): output, input, resizes and exits all come through whole. WEFT_TEST_FAULTS_SPEC=p:seed
// runs another probability or seed.
import { test, expect, afterEach } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

async function echoes(w: Weft, target: string, tag: string): Promise<void> {
  await w.ok("send-keys", "-t", target, `echo ${tag}`, "Enter");
  await w.waitForText(`\n${tag}`, target);
}

test("EINTR and EAGAIN injected into every PTY syscall (read, write, poll, waitpid, ioctl, termios): nothing is lost or stuck", async () => {
  weft = await Weft.start();
  const env = { WEFT_TEST_SYSCALL_FAULTS: process.env.WEFT_TEST_FAULTS_SPEC ?? "0.3:20261130" };
  const start = await weft.runWith(env, "new", "-d", "-s", "f", "-x", "100", "-y", "30", "--", "sh");
  expect(start.code).toBe(0);
  const server = weft.serverPids()[0]!;
  expect(readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toContain(`WEFT_TEST_SYSCALL_FAULTS=${env.WEFT_TEST_SYSCALL_FAULTS}`);
  await weft.ok("set", "-g", "history-limit", "50000");
  await weft.ok("set", "-g", "remain-on-exit", "on");
  // Output: every line of a flood reaches the pane model, in order.
  await weft.ok("split-window", "-t", "f", "-h", "--", "sh", "-c", "seq 1 20000; echo out-done; sleep 1000");
  await weft.waitForText("out-done", "f:0.1", 30_000);
  const history = await weft.ok("capture-pane", "-p", "-t", "f:0.1", "-S", "-", "-E", "-");
  const numbers = history.split("\n").filter((l) => /^\d+$/.test(l)).map(Number);
  expect(numbers).toEqual(Array.from({ length: 20000 }, (_, i) => i + 1));
  // Input: keys the pane's program reads, written through retried and queued writes.
  const file = join(weft.dir, "typed.txt");
  await weft.ok("send-keys", "-t", "f:0.0", `stty -echo; cat > ${file}`, "Enter");
  const lines = Array.from({ length: 300 }, (_, i) => `typed-line-${i}-${"x".repeat(i % 50)}`);
  for (let i = 0; i < lines.length; i += 50) await weft.ok("send-keys", "-t", "f:0.0", ...lines.slice(i, i + 50).flatMap((l) => [l, "Enter"]));
  await weft.ok("send-keys", "-t", "f:0.0", "C-d");
  await waitFor(() => {
    try {
      return readFileSync(file, "utf8") === lines.join("\n") + "\n";
    } catch {
      return false;
    }
  }, "every typed line in the file");
  await weft.ok("send-keys", "-t", "f:0.0", "stty echo", "Enter");
  // Resizes (ioctl) and exits (waitpid) through the same faults.
  await weft.ok("resize-pane", "-t", "f:0.1", "-x", "30");
  await waitFor(async () => (await weft!.ok("display-message", "-p", "-t", "f:0.1", "#{pane_width}")).trim() === "30", "the resize");
  await weft.ok("split-window", "-t", "f:0.0", "--", "sh", "-c", "exit 7");
  await waitFor(async () => (await weft!.ok("display-message", "-p", "-t", "f:0.1", "#{pane_dead} #{pane_dead_status}")).trim() === "1 7", "the exit status through EINTR'd waitpid");
  await echoes(weft, "f:0.0", "still-answering");
});
