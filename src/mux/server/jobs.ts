// #(command) in formats, as tmux's format_job_*: each command runs in the background under
// /bin/sh -c, its last line of output is cached per client (or for the server) and per command,
// and a format gets the cached line at once; the command runs again at most once a second and
// only after its last run ended. Nothing here ever waits for a job. Also copy-pipe's command.

/** Whom a job's output is for: a client (its status line) or null (commands run by the server). */
export type JobOwner = object | null;

interface Job {
  readonly raw: string;
  expanded: string;
  /** Its last complete line of output; undefined until it has printed one (or ended). */
  out: string | undefined;
  /** When it was last started, in whole seconds (tmux's time(NULL)). */
  last: number;
  proc: ReturnType<typeof Bun.spawn> | null;
  /** A line arrived during this run. */
  updated: boolean;
}

// Output kept after the last newline while a job runs: a job printing without newlines must not
// grow the server without bound.
const MAX_PENDING = 64 * 1024;
// tmux's format_job_tidy: a job not asked for in an hour is dropped (and killed if running).
const IDLE_SECONDS = 3600;

export interface JobHost {
  environment(): Record<string, string>;
  cwd(owner: JobOwner): string;
  /** A job printed a line: the owner's status line may show it now. */
  updated(owner: JobOwner): void;
}

const now = () => Math.floor(Date.now() / 1000);

export class FormatJobs {
  private readonly owners = new Map<JobOwner, Map<string, Job>>();

  constructor(private readonly host: JobHost) {}

  /**
   * format_job_get: the cached output for `raw` (expanded to `expanded`), starting the command
   * when it has changed or its last run ended in an earlier second.
   */
  get(owner: JobOwner, raw: string, expanded: string): string | undefined {
    let jobs = this.owners.get(owner);
    if (!jobs) this.owners.set(owner, (jobs = new Map()));
    let job = jobs.get(raw);
    if (!job) jobs.set(raw, (job = { raw, expanded, out: undefined, last: 0, proc: null, updated: false }));
    const force = job.expanded !== expanded;
    job.expanded = expanded;
    const t = now();
    if (force && job.proc) this.kill(job);
    if (force || (job.proc === null && job.last !== t)) this.start(owner, job, t);
    else if (job.proc !== null && t - job.last > 1 && job.out === undefined) job.out = `<'${raw}' not ready>`;
    return job.out;
  }

  private start(owner: JobOwner, job: Job, t: number): void {
    job.last = t;
    job.updated = false;
    try {
      job.proc = Bun.spawn(["/bin/sh", "-c", job.expanded], {
        cwd: this.host.cwd(owner),
        env: this.host.environment(),
        stdin: "ignore",
        stdout: "pipe",
        stderr: "ignore",
      });
    } catch {
      job.proc = null;
      job.out = `<'${job.raw}' didn't start>`;
      return;
    }
    void this.read(owner, job, job.proc);
  }

  /** format_job_update / format_job_complete: the last line as it arrives; at the end, what is left. */
  private async read(owner: JobOwner, job: Job, proc: ReturnType<typeof Bun.spawn>): Promise<void> {
    const stdout = proc.stdout;
    if (!stdout || typeof stdout === "number") return;
    const decoder = new TextDecoder();
    let pending = "";
    try {
      for await (const chunk of stdout as ReadableStream<Uint8Array>) {
        if (job.proc !== proc) break;
        pending += decoder.decode(chunk, { stream: true });
        const nl = pending.lastIndexOf("\n");
        if (nl !== -1) {
          const lines = pending.slice(0, nl).split("\n");
          job.out = lines[lines.length - 1] ?? "";
          job.updated = true;
          pending = pending.slice(nl + 1);
          this.host.updated(owner);
        }
        if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
      }
    } catch {
      // A killed job's pipe may end in an error: what it printed stands.
    }
    if (job.proc !== proc) return;
    job.proc = null;
    if (pending !== "" || !job.updated) job.out = pending;
    this.host.updated(owner);
  }

  private kill(job: Job): void {
    const proc = job.proc;
    job.proc = null;
    try {
      proc?.kill("SIGTERM");
    } catch {}
  }

  /** format_job_tidy: drop jobs nobody asked for in an hour; `owner` gone: all of its jobs. */
  tidy(gone?: JobOwner): void {
    const t = now();
    for (const [owner, jobs] of this.owners) {
      for (const [raw, job] of jobs) {
        if (owner !== gone && t - job.last < IDLE_SECONDS) continue;
        this.kill(job);
        jobs.delete(raw);
      }
      if (jobs.size === 0) this.owners.delete(owner);
    }
  }

  /** Every job ends (the server exits). */
  killAll(): void {
    for (const jobs of this.owners.values()) for (const job of jobs.values()) this.kill(job);
    this.owners.clear();
  }
}

/** copy-pipe and copy-command: /bin/sh -c with the text on its stdin, in the background; its output is dropped. */
export function pipeToCommand(command: string, text: string, cwd: string, env: Readonly<Record<string, string>>): void {
  try {
    const proc = Bun.spawn(["/bin/sh", "-c", command], { cwd, env: { ...env }, stdin: "pipe", stdout: "ignore", stderr: "ignore" });
    proc.stdin.write(text);
    Promise.resolve(proc.stdin.end()).catch(() => {});
  } catch {
    // A command that cannot start (no /bin/sh, no such directory) copies nothing more.
  }
}
