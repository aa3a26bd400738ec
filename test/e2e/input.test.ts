// Input from an attached client at volume: typed text goes to the pane without being split into
// keys, a pane that reads slowly throttles the client instead of growing the server, and a
// bracketed paste split over many reads streams through with its markers only when asked for.
import { test, expect, afterEach } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Weft, type HostClient } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

/** Printable ASCII and newlines, deterministic: no byte a key binding or sequence could take. */
function text(n: number, seed: number): Buffer {
  const out = Buffer.alloc(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x % 61 === 0 ? 0x0a : 0x20 + (x % 95);
  }
  return out;
}

function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

async function attached(w: Weft, name: string, script: string): Promise<HostClient> {
  await w.ok("new", "-d", "-s", name, "-x", "80", "-y", "23", "--", "sh", "-c", script);
  const c = w.attach(["attach", "-t", name], 80, 24);
  await c.waitForScreen((s) => s.includes(`[${name}]`), "status line");
  return c;
}

const fileSize = (f: string) => (existsSync(f) ? statSync(f).size : 0);

test("32 MiB typed into a pane that is not reading yet arrive exactly, and the server's memory stays bounded", async () => {
  const w = (weft = await Weft.start());
  const out = join(w.dir, "typed");
  const go = join(w.dir, "go");
  const size = 32 * 1024 * 1024;
  // The program reads nothing until told to: the input backs up into the server and the client.
  const c = await attached(w, "in", `stty raw -echo; while [ ! -e ${go} ]; do sleep 0.05; done; head -c ${size} > ${out}`);
  const [server] = w.serverPids();
  expect(server).toBeDefined();
  const before = rssMiB(server!);
  const data = text(size, 5);
  c.type(data.toString("latin1"));
  // The client is throttled once ~1 MiB waits for the pane: its own PTY stops being drained.
  await waitFor(() => c.pty.pendingWrite < size - 512 * 1024, "the client to take some input");
  let peak = rssMiB(server!);
  for (let i = 0; i < 10; i++) {
    await Bun.sleep(50); // sampling the server while the backlog stands, not a wait for a condition
    peak = Math.max(peak, rssMiB(server!));
  }
  expect(c.pty.pendingWrite).toBeGreaterThan(size / 2); // held back in the client, not the server
  await Bun.write(go, "");
  await waitFor(() => fileSize(out) === size, () => `all input to arrive (${fileSize(out)} of ${size})`, 60_000);
  expect(Buffer.compare(readFileSync(out), data)).toBe(0);
  expect(peak - before).toBeLessThan(24);
});

for (const bracketed of [true, false]) {
  test(`a 3 MiB bracketed paste over many reads streams into the pane, markers ${bracketed ? "kept (the pane asked)" : "dropped"}; keys after it work`, async () => {
    const w = (weft = await Weft.start());
    const out = join(w.dir, "pasted");
    const body = Buffer.concat([text(3 * 1024 * 1024, 9), Buffer.from("\x02d")]); // C-b d inside a paste is text
    const want = bracketed ? Buffer.concat([Buffer.from("\x1b[200~"), body, Buffer.from("\x1b[201~")]) : body;
    const ask = bracketed ? `printf '\\033[?2004h'; ` : "";
    const c = await attached(w, "p", `stty raw -echo; ${ask}head -c ${want.length + 3} > ${out}; sleep 60`);
    if (bracketed) await waitFor(() => c.raw.includes("\x1b[?2004h"), "the pane's bracketed paste mode");
    c.type(`\x1b[200~${body.toString("latin1")}\x1b[201~end`);
    await waitFor(() => fileSize(out) === want.length + 3, () => `the paste to arrive (${fileSize(out)} of ${want.length + 3})`, 60_000);
    const got = readFileSync(out);
    expect(Buffer.compare(got.subarray(0, want.length), want)).toBe(0);
    expect(got.subarray(want.length).toString()).toBe("end");
    expect((await w.ok("display", "-p", "-t", "p", "#{session_attached}")).trim()).toBe("1"); // still attached
  });
}
