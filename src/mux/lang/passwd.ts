// The user's passwd entry (name, login shell), as getpwuid(3) gives tmux: Bun's os.userInfo()
// reads the environment and says "unknown" when it is empty, so /etc/passwd is read instead.
import { readFileSync } from "node:fs";

export interface PasswdEntry {
  name: string;
  home: string;
  shell: string;
}

export function passwdEntry(uid = process.getuid?.() ?? 0): PasswdEntry | null {
  let text: string;
  try {
    text = readFileSync("/etc/passwd", "utf8");
  } catch {
    return null;
  }
  for (const line of text.split("\n")) {
    const f = line.split(":");
    if (f.length >= 7 && Number(f[2]) === uid && f[2] !== "") return { name: f[0] ?? "", home: f[5] ?? "", shell: f[6] ?? "" };
  }
  return null;
}
