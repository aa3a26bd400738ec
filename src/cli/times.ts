// WEFT_TIMES=1: the client prints how long each step of its start took (ms since the process
// started), to stderr at its exit, and the server its own once listening (to WEFT_SERVER_LOG);
// for finding where a command's time goes.
const on = process.env.WEFT_TIMES === "1";
const marks: [string, number][] = [];

export function mark(step: string): void {
  if (on) marks.push([step, performance.now()]);
}

export function printMarks(): void {
  if (!on) return;
  mark("done");
  process.stderr.write(marks.map(([s, t]) => `${t.toFixed(2).padStart(8)} ms  ${s}`).join("\n") + "\n");
}
