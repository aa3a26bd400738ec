// The user's passwd entry (name, login shell), as getpwuid(3) gives tmux: Bun's os.userInfo()
// reads the environment and says "unknown" when it is empty, so /etc/passwd is read instead.
import { nodeFs } from "../../pty/node-fs.ts";

export interface PasswdEntry {
  uid: number;
  name: string;
  home: string;
  shell: string;
}

function entries(): PasswdEntry[] {
  let text: string;
  try {
    text = nodeFs().readFileSync("/etc/passwd", "utf8");
  } catch {
    return [];
  }
  const out: PasswdEntry[] = [];
  for (const line of text.split("\n")) {
    const f = line.split(":");
    if (f.length >= 7 && f[2] !== "" && /^\d+$/.test(f[2] ?? "")) out.push({ uid: Number(f[2]), name: f[0] ?? "", home: f[5] ?? "", shell: f[6] ?? "" });
  }
  return out;
}

export function passwdEntry(uid = process.getuid?.() ?? 0): PasswdEntry | null {
  return entries().find((e) => e.uid === uid) ?? null;
}

/** getpwnam(3): the entry of a user name. */
export function passwdByName(name: string): PasswdEntry | null {
  return entries().find((e) => e.name === name) ?? null;
}
