// The status line: status-left, the window list, status-right, expanded from formats.
import type { FormatEnv } from "../lang/format-vars.ts";
import type { Session } from "../model/session.ts";
import type { StatusSegment } from "../../render/index.ts";
import { expandAt, formatLookup, windowFlags, type FormatClient } from "../lang/format-vars.ts";

export function buildStatus(server: FormatEnv, s: Session, client: FormatClient | null = null): { left: StatusSegment[]; right: StatusSegment[] } {
  const expand = (fmt: string) => expandAt(server, { session: s, client }, fmt, { time: true });
  const left: StatusSegment[] = [{ text: expand(s.options.getString("status-left")) }];
  for (const w of s.windows) {
    const wl = formatLookup(server, { session: s, window: w });
    left.push({ text: `${w.index}:${wl("window_name") ?? ""}${windowFlags(w, false, server.markedPane()) || " "}`, reverse: w.bellFlag || w.activityFlag || w.silenceFlag });
    left.push({ text: " " });
  }
  const right: StatusSegment[] = [{ text: expand(s.options.getString("status-right")) }];
  return { left, right };
}

/** Where window `index`'s name starts on the status line, if it is there (display-menu -xW). */
export function windowStatusX(server: FormatEnv, s: Session, index: number): number | undefined {
  const { left } = buildStatus(server, s);
  let at = 0;
  for (let i = 0; i < left.length; i++) {
    if (i % 2 === 1 && s.windows[(i - 1) / 2]?.index === index) return at;
    at += Bun.stringWidth(left[i]!.text);
  }
  return undefined;
}

/** Longest title sent to the host, in characters (a pane may set one of 64 KiB). */
export const MAX_TITLE = 256;

/**
 * Text for the host's title bar: no C0 or C1 controls, so it cannot end the OSC or start another
 * sequence, and at most MAX_TITLE characters.
 */
export function sanitizeTitle(s: string): string {
  const clean = s.replace(/[\x00-\x1f\x7f-\x9f]/g, "");
  return clean.length <= MAX_TITLE ? clean : Array.from(clean).slice(0, MAX_TITLE).join("");
}
