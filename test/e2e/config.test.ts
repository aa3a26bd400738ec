// tmux's command language end to end: a config using every construct of the grammar, loaded at
// start (-f) and by source-file, gives the keys, options and errors tmux 3.3a gives (goldens
// recorded by scripts/goldens/config-constructs.sh); the startup config's errors reach the
// attached client; run-shell's output shows; and weft under the name tmux passes tmux's checks.
import { test, expect, afterEach } from "bun:test";
import { readFileSync, writeFileSync, symlinkSync, mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { Weft } from "../helpers/weft.ts";
import { waitFor } from "../helpers/wait.ts";

let weft: Weft | null = null;
afterEach(async () => {
  await weft?.cleanup();
  weft = null;
});

const FIXTURE = join(import.meta.dir, "fixtures/all-constructs.conf");
const QUERIES = readFileSync(join(import.meta.dir, "fixtures/config-queries.sh"), "utf8");
const golden = (name: string, w: Weft) =>
  readFileSync(join(import.meta.dir, "goldens", `config-constructs.${name}.txt`), "utf8").replaceAll("{FILE}", FIXTURE).replaceAll("{HOME}", w.dir);

/** The queries the golden script runs, read from the file both use. */
function keyQueries(): string[][] {
  const body = /keys_queries\(\) \{\n\tcat <<'Q'\n([\s\S]*?)\nQ/.exec(QUERIES)?.[1] ?? "";
  return body.split("\n").map((l) => l.split(" "));
}
function optionNames(): string[] {
  return (/printf '%s\\n' (.*)/.exec(QUERIES)?.[1] ?? "").split(" ");
}
const FORMAT = /FORMAT_QUERY='(.*)'/.exec(QUERIES)?.[1] ?? "";

async function answers(w: Weft): Promise<{ keys: string; options: string; format: string }> {
  let keys = "";
  for (const q of keyQueries()) keys += await w.ok(...q);
  let options = "";
  for (const o of optionNames()) options += `${o}=${await w.ok("show", "-gv", o)}`;
  return { keys, options, format: await w.ok("display", "-p", FORMAT) };
}

test("a config with every construct, loaded with -f, gives tmux's keys, options and formats", async () => {
  const w = (weft = await Weft.start());
  await w.ok("-f", FIXTURE, "new", "-d", "-x", "80", "-y", "24");
  const got = await answers(w);
  expect(got.keys).toBe(golden("keys", w));
  expect(got.format).toBe(golden("format", w));
  expect(got.options).toBe(golden("options", w));
});

test("the same file through source-file: the same keys and options; its errors on stderr, exit 1", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-x", "80", "-y", "24");
  const r = await w.run("source-file", FIXTURE);
  // A command-line client gets a command's errors as they happen, without the file and line.
  expect(r.stderr).toBe(golden("causes", w).replace(/^.*?:\d+: /gm, ""));
  expect(r.code).toBe(1);
  const got = await answers(w);
  expect(got.keys).toBe(golden("keys", w));
  expect(got.options).toBe(golden("options", w));
});

test("source-file: globs relative to the client's directory, -F, -q, -n, and #{current_file} while a file runs", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-x", "80", "-y", "24");
  mkdirSync(join(w.dir, "conf.d"));
  writeFileSync(join(w.dir, "conf.d", "a.conf"), 'display -p "a #{current_file}"\n');
  writeFileSync(join(w.dir, "conf.d", "b.conf"), "display -p b\n");
  const inDir = (...args: string[]) => {
    const p = Bun.spawnSync([w.bin, "-L", "test", ...args], { cwd: w.dir, env: w.env });
    return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
  };
  expect(inDir("source", "conf.d/*.conf")).toEqual({ code: 0, stdout: `a ${w.dir}/conf.d/a.conf\nb\n`, stderr: "" });
  expect(inDir("source", "-F", "#{s/x/conf.d/:#{l:x}}/b.conf")).toEqual({ code: 0, stdout: "b\n", stderr: "" });
  expect(inDir("source", "nothing/*.conf")).toEqual({ code: 1, stdout: "", stderr: "nothing/*.conf: No such file or directory\n" });
  expect(inDir("source", "-q", "nothing/*.conf")).toEqual({ code: 0, stdout: "", stderr: "" });
  expect(inDir("source", "-n", "conf.d/b.conf")).toEqual({ code: 0, stdout: "", stderr: "" });
});

test("the startup config's errors, FILE:LINE: message, are printed by the next source-file", async () => {
  const w = (weft = await Weft.start());
  const r = await w.run("-f", FIXTURE, "start", ";", "source", "/dev/null");
  expect(r.stdout).toBe(golden("causes", w));
  expect(r.code).toBe(0);
});

test("a bad line in the startup config: its error shows over the attached client's pane", async () => {
  const w = (weft = await Weft.start());
  const conf = join(w.dir, "bad.conf");
  writeFileSync(conf, "set -g status-left OK\n\nset -g no-such-option 1\n");
  const c = w.attach(["-f", conf, "new", "-s", "cfg"], 80, 24);
  await c.waitForScreen((s) => s.includes(`${conf}:3: invalid option: no-such-option`), "the config's error over the pane");
  expect(await w.ok("show", "-gv", "status-left")).toBe("OK\n");
});

test("sequences: on the command line, in bind-key (listed as tmux lists them), in the : prompt", async () => {
  const w = (weft = await Weft.start());
  expect(await w.ok("new", "-d", "-s", "q", "-x", "80", "-y", "23", ";", "split-window", ";", "display", "-p", "#{window_panes}")).toBe("2\n");
  expect(await w.ok("display", "-p", "a;", "display", "-p", "b\\;")).toBe("a\nb;\n");
  // A shell passes \; through as the word \; (a ; word would end bind-key itself).
  await w.ok("bind", "F1", "display", "-p", "x", "\\;", "new-window", "-d", "-n", "from-F1");
  await w.ok("bind", "F2", "display -p y ; new-window");
  expect(await w.ok("list-keys", "F2")).toBe("bind-key -T prefix F2 display-message -p y \\; new-window\n");
  expect(await w.ok("list-keys", "F1")).toBe("bind-key -T prefix F1 display-message -p x \\; new-window -d -n from-F1\n");
  const c = w.attach(["attach", "-t", "q"], 80, 24);
  await c.waitForScreen((s) => s.includes("[q]"), "the status line");
  c.type("\x02:new-window -d -n one ; new-window -d -n two\r");
  await waitFor(async () => (await w.ok("lsw", "-t", "q", "-F", "#W")).includes("two"), "the : prompt's two windows");
  expect((await w.ok("lsw", "-t", "q", "-F", "#W")).split("\n").filter((n) => n === "one" || n === "two")).toEqual(["one", "two"]);
  // A sequence's failure: the rest of it does not run, exit 1, tmux's message.
  const r = await w.run("display", "-p", "first", ";", "select-window", "-t", "nosuch", ";", "display", "-p", "never");
  expect(r).toMatchObject({ code: 1, stdout: "first\n", stderr: "can't find window: nosuch\n" });
});

test("if-shell and run-shell: what follows waits; output printed by a command-line client, shown over the pane from a key", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "r", "-x", "80", "-y", "23", "cat");
  expect(await w.ok("if", "true", "display -p yes", "display -p no", ";", "if", "-F", "#{==:#{session_name},r}", "display -p named-r")).toBe("yes\nnamed-r\n");
  const r = await w.run("run", "echo out; echo $TERM_PROGRAM; exit 3", ";", "display", "-p", "after");
  expect(r).toMatchObject({ code: 3, stdout: "out\ntmux\n'echo out; echo $TERM_PROGRAM; exit 3' returned 3\nafter\n" });
  expect(await w.run("run", "exit 4")).toMatchObject({ code: 4 });
  expect(await w.ok("run", "-C", "display -p '#{session_name} from -C'")).toBe("r from -C\n");
  await w.ok("bind", "R", "run", "echo from-a-key-$((6*7))");
  const c = w.attach(["attach", "-t", "r"], 80, 24);
  await c.waitForScreen((s) => s.includes("[r]"), "the status line");
  c.type("\x02R");
  await c.waitForScreen((s) => s.includes("from-a-key-42"), "run-shell's output over the pane");
});

test("under the name tmux: -V as tmux (TPM's check), tmux's socket directory, ~/.tmux.conf, $TMUX in panes", async () => {
  const w = (weft = await Weft.start());
  const bin = join(w.dir, "bin");
  mkdirSync(bin);
  symlinkSync(w.bin, join(bin, "tmux"));
  const env = { ...w.env, PATH: `${bin}:${w.env.PATH}`, TMUX_TMPDIR: w.dir };
  const sh = (script: string) => Bun.spawnSync(["sh", "-c", script], { env });
  expect(sh("tmux -V").stdout.toString()).toBe("tmux 3.3a\n");
  // TPM's scripts/check_tmux_version.sh: every digit of `tmux -V`, against 1.9.
  expect(sh('v=$(tmux -V | tr -dC "[:digit:]"); [ "$v" -ge 19 ] && echo supported').stdout.toString()).toBe("supported\n");
  writeFileSync(join(w.dir, ".tmux.conf"), "set -g status-left FROM-TMUX-CONF\n%if #{>=:#{version},3.0}\nset -g status-right NEW-ENOUGH\n%endif\n");
  try {
    expect(sh("tmux new -d -s t -x 80 -y 23 cat && tmux show -gv status-left && tmux show -gv status-right").stdout.toString()).toBe("FROM-TMUX-CONF\nNEW-ENOUGH\n");
    const socket = join(w.dir, `tmux-${process.getuid?.() ?? 0}`, "default");
    expect(sh("tmux display -p '#{socket_path}'").stdout.toString()).toBe(`${socket}\n`);
    sh(`tmux new-window -d -t t 'echo "$TMUX|$TMUX_PANE" > ${w.dir}/env; sleep 30'`);
    await waitFor(() => {
      try {
        return readFileSync(join(w.dir, "env"), "utf8").length > 0;
      } catch {
        return false;
      }
    }, "the pane's environment");
    expect(readFileSync(join(w.dir, "env"), "utf8")).toMatch(new RegExp(`^${socket},\\d+,0\\|%1\\n$`));
    // A plugin's script run by run-shell calls plain `tmux`: $TMUX takes it to this server.
    expect(sh("tmux -L priv new -d -x 80 -y 23 cat && tmux -L priv run 'tmux set -g @from-job yes' && tmux -L priv show -gv @from-job").stdout.toString()).toBe("yes\n");
  } finally {
    sh("tmux kill-server; tmux -L priv kill-server");
  }
});

test("under the name tmux, the socket's path is realpath($TMUX_TMPDIR or /tmp)/tmux-UID/NAME, for a command that finds no server as for one that starts it", async () => {
  const w = (weft = await Weft.start());
  const bin = join(w.dir, "bin");
  mkdirSync(bin);
  symlinkSync(w.bin, join(bin, "tmux"));
  const uid = process.getuid?.() ?? 0;
  const { TMUX_TMPDIR: _, ...base } = w.env;
  const sh = (script: string, env: Record<string, string> = base) => Bun.spawnSync(["sh", "-c", script], { env: { ...env, PATH: `${bin}:${w.env.PATH}` } });
  // /tmp itself (no $TMUX_TMPDIR): the command connects through /tmp as it is, and its message
  // names the resolved path. A name of this test's own keeps it apart from any real server.
  const name = `weft-test-${process.pid}`;
  const socket = join(realpathSync("/tmp"), `tmux-${uid}`, name);
  try {
    expect(sh(`tmux -L ${name} display -p x`).stderr.toString()).toBe(`no server running on ${socket}\n`);
    expect(sh(`tmux -L ${name} new -d -x 80 -y 23 cat && tmux -L ${name} display -p '#{socket_path}'`).stdout.toString()).toBe(`${socket}\n`);
  } finally {
    sh(`tmux -L ${name} kill-server`);
  }
  // $TMUX_TMPDIR through a link: the link resolved, in a message as in the server's path.
  mkdirSync(join(w.dir, "real"));
  symlinkSync(join(w.dir, "real"), join(w.dir, "link"));
  const viaLink = { ...base, TMUX_TMPDIR: join(w.dir, "link") };
  const real = join(realpathSync(join(w.dir, "real")), `tmux-${uid}`, "default");
  expect(sh("tmux ls", viaLink).stderr.toString()).toBe(`no server running on ${real}\n`);
  try {
    expect(sh("tmux new -d -x 80 -y 23 cat && tmux display -p '#{socket_path}'", viaLink).stdout.toString()).toBe(`${real}\n`);
  } finally {
    sh("tmux kill-server", viaLink);
  }
});

test("source-file - runs the commands on the client's stdin, its errors named -:LINE as tmux 3.3a's", async () => {
  const w = (weft = await Weft.start());
  await w.ok("new", "-d", "-s", "in", "--", "sh");
  const run = async (text: string) => {
    const p = Bun.spawn([w.bin, "-L", "test", "source-file", "-"], { env: w.env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    p.stdin.write(text);
    await p.stdin.end();
    return { code: await p.exited, out: await new Response(p.stdout).text(), err: await new Response(p.stderr).text() };
  };
  expect(await run("set -g @two 2\n")).toEqual({ code: 0, out: "", err: "" });
  expect(await w.ok("show", "-gv", "@two")).toBe("2\n");
  // tmux 3.3a printed this, exit 1, and set nothing: the file does not parse.
  expect(await run("set -g @x yes\nbogus-cmd\n")).toEqual({ code: 1, out: "-:2: unknown command: bogus-cmd\n", err: "" });
  expect((await w.run("show", "-gv", "@x")).stderr).toBe("invalid option: @x\n");
});
