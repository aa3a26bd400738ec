// Paste buffers: set/show/list/delete/save/load, buffer-limit, and paste-buffer into a program
// (byte for byte, with bracketed-paste markers only when the program asked and -p is given).
import { test, expect, afterEach } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

test("set-buffer, show-buffer, list-buffers, delete-buffer, buffer-limit", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "b", "--", "sh");
  await w.ok("set-buffer", "first");
  await w.ok("set-buffer", "second\tline\nnext");
  await w.ok("set-buffer", "-b", "mine", "named");
  expect(await w.ok("show-buffer")).toBe("named");
  expect(await w.ok("show-buffer", "-b", "buffer0")).toBe("first");
  expect(await w.ok("list-buffers")).toBe('mine: 5 bytes: "named"\nbuffer1: 16 bytes: "second\\tline\\nnext"\nbuffer0: 5 bytes: "first"\n');
  await w.ok("set-buffer", "-a", "-b", "mine", "+more");
  expect(await w.ok("show-buffer", "-b", "mine")).toBe("named+more");
  await w.ok("delete-buffer", "-b", "buffer1");
  expect(await w.ok("list-buffers", "-F", "#{buffer_name}")).toBe("mine\nbuffer0\n");
  const r = await w.run("show-buffer", "-b", "nope");
  expect(r.code).toBe(1);
  expect(r.stderr).toBe("no buffer nope\n");
  // buffer-limit drops the oldest automatic buffers; named ones stay.
  await w.ok("set", "-s", "buffer-limit", "2");
  for (const t of ["a", "b", "c"]) await w.ok("set-buffer", t);
  expect(await w.ok("list-buffers", "-F", "#{buffer_name}=#{buffer_sample}")).toBe("buffer4=c\nbuffer3=b\nmine=named+more\n");
});

test("save-buffer and load-buffer go through files relative to the client's directory", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "b", "--", "sh");
  const src = join(w.dir, "in.txt");
  writeFileSync(src, "from a file\nwith ünïcode\n");
  await w.ok("load-buffer", "-b", "f", src);
  expect(await w.ok("show-buffer", "-b", "f")).toBe("from a file\nwith ünïcode\n");
  const out = join(w.dir, "out.txt");
  await w.ok("save-buffer", "-b", "f", out);
  expect(readFileSync(out, "utf8")).toBe("from a file\nwith ünïcode\n");
  await w.ok("save-buffer", "-a", "-b", "f", out);
  expect(readFileSync(out, "utf8")).toBe("from a file\nwith ünïcode\n".repeat(2));
  const missing = await w.run("load-buffer", join(w.dir, "missing"));
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("No such file or directory");
});

async function pasteInto(w: Weft, session: string, setup: string): Promise<string> {
  const out = join(w.dir, `${session}.bin`);
  await w.ok("new", "-d", "-s", session, "--", "sh", "-c", `${setup}stty raw -echo; printf ready; exec cat > '${out}'`);
  await waitFor(async () => (await w.ok("display", "-p", "-t", session, "#{cursor_x}")).trim() === "5", "the program ready");
  return out;
}

test("paste-buffer types the buffer into cat intact, newlines as CR; -p adds bracketed-paste markers only when asked for", async () => {
  const w = (weft = await Weft.start());
  const data = "line one\nline two ünï 日本\ttab\n";
  const plain = await pasteInto(w, "plain", "");
  await w.ok("set-buffer", data);
  await w.ok("paste-buffer", "-p", "-t", "plain");
  const want = data.replace(/\n/g, "\r");
  await waitFor(() => existsSync(plain) && readFileSync(plain, "utf8") === want, "the pasted bytes");
  const br = await pasteInto(w, "br", "printf '\\033[?2004h'; ");
  await w.ok("paste-buffer", "-t", "br");
  await waitFor(() => existsSync(br) && readFileSync(br, "utf8") === want, "no markers without -p");
  await w.ok("paste-buffer", "-p", "-r", "-t", "br");
  await waitFor(() => readFileSync(br, "utf8") === `${want}\x1b[200~${data}\x1b[201~`, "the markers with -p (-r keeps LF)");
  await w.ok("paste-buffer", "-d", "-t", "br");
  expect(await w.ok("list-buffers")).toBe("");
});

test("C-b ] pastes the newest buffer into the active pane", async () => {
  const w = (weft = await Weft.start());
  const out = await pasteInto(w, "k", "printf '\\033[?2004h'; ");
  await w.ok("set-buffer", "typed by C-b ]");
  const c = w.attach(["attach", "-t", "k"]);
  await c.waitForScreen((s) => s.includes("[k]"), "status");
  c.type("\x02]");
  await waitFor(() => existsSync(out) && readFileSync(out, "utf8") === "\x1b[200~typed by C-b ]\x1b[201~", "the paste with markers");
});

test("load-buffer - reads the client's stdin; show-buffer and save-buffer - print a buffer as it is, as tmux 3.3a", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "in", "--", "sh");
  const load = Bun.spawn([w.bin, "-L", "test", "load-buffer", "-b", "piped", "-"], { env: w.env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  load.stdin.write("from stdin\nline2");
  await load.stdin.end();
  expect(await load.exited).toBe(0);
  // tmux 3.3a printed exactly these bytes: no newline added.
  expect(await w.ok("show-buffer", "-b", "piped")).toBe("from stdin\nline2");
  expect(await w.ok("save-buffer", "-b", "piped", "-")).toBe("from stdin\nline2");
  const empty = Bun.spawn([w.bin, "-L", "test", "load-buffer", "-b", "none", "-"], { env: w.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  expect(await empty.exited).toBe(0);
  expect(await w.ok("list-buffers", "-F", "#{buffer_name}")).toBe("piped\n");
});
