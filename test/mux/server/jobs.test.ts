// #() jobs (server/jobs.ts) as tmux's format_job_*: the cached last line, given at once; a new
// run only after the last ended, in a later second; hanging and failing jobs harm nothing.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FormatJobs, type JobOwner } from "../../../src/mux/server/jobs.ts";
import { waitFor } from "../../helpers/wait.ts";

const dir = mkdtempSync(join(tmpdir(), "weft-jobs-"));
const updates: JobOwner[] = [];
let jobs: FormatJobs;

function fresh(): FormatJobs {
  jobs = new FormatJobs({ environment: () => ({ PATH: "/usr/bin:/bin", JOBVAR: "from-env" }), cwd: () => dir, updated: (o) => updates.push(o) });
  return jobs;
}

afterEach(() => jobs.killAll());

test("the first call starts the job and returns nothing; later calls get its last line", async () => {
  const j = fresh();
  const cmd = "printf 'one\\ntwo\\n'; echo $JOBVAR; pwd";
  expect(j.get(null, cmd, cmd)).toBeUndefined();
  await waitFor(() => j.get(null, cmd, cmd) === dir, "the last line");
  expect(updates).toContain(null);
});

test("each owner has its own cache", async () => {
  const j = fresh();
  const a = {};
  j.get(a, "echo a", "echo a");
  await waitFor(() => j.get(a, "echo a", "echo a") === "a", "a's output");
  expect(j.get({}, "echo a", "echo a")).toBeUndefined();
});

test("the job runs again in a later second once it has ended, not while it runs", async () => {
  const j = fresh();
  const counter = join(dir, "count");
  const cmd = `echo x >> ${counter}; wc -l < ${counter}`;
  j.get(null, cmd, cmd);
  await waitFor(() => j.get(null, cmd, cmd) === "1", "the first run");
  await waitFor(() => j.get(null, cmd, cmd) === "2", "a second run, a second later", 5000);
  expect(readFileSync(counter, "utf8").split("\n").length - 1).toBeGreaterThanOrEqual(2);
});

test("a new expansion of the same command restarts it at once", async () => {
  const j = fresh();
  j.get(null, "#{x}", "echo first");
  await waitFor(() => j.get(null, "#{x}", "echo first") === "first", "first");
  j.get(null, "#{x}", "echo second");
  await waitFor(() => j.get(null, "#{x}", "echo second") === "second", "second");
});

test("a hanging job never blocks: 'not ready' after a second, killed with the server", async () => {
  const j = fresh();
  const marker = join(dir, "hung-pid");
  const cmd = `echo $$ > ${marker}; exec sleep 30`;
  const start = performance.now();
  expect(j.get(null, cmd, cmd)).toBeUndefined();
  expect(performance.now() - start).toBeLessThan(500);
  await waitFor(() => j.get(null, cmd, cmd) === `<'${cmd}' not ready>`, "not ready", 5000);
  await waitFor(() => existsSync(marker) && readFileSync(marker, "utf8").trim() !== "", "its pid");
  const pid = Number(readFileSync(marker, "utf8"));
  j.killAll();
  await waitFor(() => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, "utf8").split(" ")[2] === "Z", "the job killed");
});

test("a failing job gives what it printed (nothing); a flood without newlines stays bounded", async () => {
  const j = fresh();
  j.get(null, "exit 3", "exit 3");
  await waitFor(() => j.get(null, "exit 3", "exit 3") === "", "empty output");
  const flood = "head -c 1000000 /dev/zero | tr '\\0' x";
  j.get(null, flood, flood);
  await waitFor(() => (j.get(null, flood, flood) ?? "").length > 0, "the flood's end");
  expect((j.get(null, flood, flood) ?? "").length).toBeLessThanOrEqual(64 * 1024);
});
