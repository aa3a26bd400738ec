// A control client's format subscriptions (refresh-client -B name:what:format; tmux's
// control_add_sub and its timer): once a second each is expanded and, where its value changed,
// reported as %subscription-changed.
import type { ClientHost } from "./host.ts";
import type { FormatClient } from "../lang/format-vars.ts";
import { formatLookup } from "../lang/format-vars.ts";
import { expandFormat } from "../lang/format.ts";
import type { Session, Window, Winlink, Pane } from "../model/index.ts";

/** What a subscription follows: the session, one pane or window, or all of them. */
type What = { kind: "session" } | { kind: "pane"; id: number } | { kind: "all-panes" } | { kind: "window"; id: number } | { kind: "all-windows" };

interface Subscription {
  name: string;
  what: What;
  format: string;
  /** The last value reported, per "window-id:index" or "pane-id:index" (session: ""). */
  last: Map<string, string>;
}

/** tmux checks subscriptions on a one-second timer. */
const CHECK_INTERVAL_MS = 1000;

interface LineSink {
  line(text: string): void;
}

interface SubscriberClient extends FormatClient {
  readonly session: Session | null;
}

export class ControlSubscriptions {
  private readonly subs = new Map<string, Subscription>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly out: LineSink,
    private readonly host: ClientHost,
    private readonly client: SubscriberClient,
  ) {}

  /** refresh-client -B: `name` alone removes it; `name:what:format` adds or replaces it. */
  update(spec: string): void {
    const first = spec.indexOf(":");
    if (first < 0) return this.remove(spec);
    const second = spec.indexOf(":", first + 1);
    if (second < 0) return;
    const name = spec.slice(0, first);
    this.subs.set(name, { name, what: parseWhat(spec.slice(first + 1, second)), format: spec.slice(second + 1), last: new Map() });
    this.timer ??= setInterval(() => this.check(), CHECK_INTERVAL_MS);
  }

  private remove(name: string): void {
    this.subs.delete(name);
    if (this.subs.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Expand every subscription and report what changed. */
  check(): void {
    const s = this.client.session;
    if (!s) return;
    for (const sub of this.subs.values()) {
      const w = sub.what;
      if (w.kind === "session") this.report(sub, "", `$${s.id} - - -`, this.expand(sub, s, null, null));
      else if (w.kind === "pane") {
        const p = this.host.model.findPane(w.id);
        const wl = p ? s.linkOf(p.window) : undefined;
        if (p && wl && !p.pane.dead) this.reportPane(sub, wl, p.pane);
      } else if (w.kind === "all-panes") {
        for (const wl of s.links) for (const p of wl.window.orderedPanes()) this.reportPane(sub, wl, p);
      } else if (w.kind === "window") {
        const win = this.host.model.findWindow(w.id);
        const wl = win ? s.linkOf(win) : undefined;
        if (wl) this.reportWindow(sub, wl);
      } else for (const wl of s.links) this.reportWindow(sub, wl);
    }
  }

  private reportPane(sub: Subscription, wl: Winlink, p: Pane): void {
    const { session: s, window: w, index } = wl;
    this.report(sub, `${p.id}:${index}`, `$${s.id} @${w.id} ${index} %${p.id}`, this.expand(sub, s, wl, p));
  }

  private reportWindow(sub: Subscription, wl: Winlink): void {
    const { session: s, window: w, index } = wl;
    this.report(sub, `${w.id}:${index}`, `$${s.id} @${w.id} ${index} -`, this.expand(sub, s, wl, null));
  }

  private report(sub: Subscription, key: string, where: string, value: string): void {
    if (sub.last.get(key) === value) return;
    sub.last.set(key, value);
    this.out.line(`%subscription-changed ${sub.name} ${where} : ${value}`);
  }

  private expand(sub: Subscription, session: Session, link: Winlink | null, pane: Pane | null): string {
    // tmux's format_create_defaults: a window or pane not named is the session's current one.
    const wl = link ?? session.curw;
    const p = pane ?? wl.window.active;
    return expandFormat(sub.format, formatLookup(this.host, { session, window: wl.window, winlink: wl, pane: p, client: this.client }));
  }
}

/** tmux's parse of `what`: %* every pane, %N one, @* every window, @N one, anything else the session. */
function parseWhat(what: string): What {
  if (what === "%*") return { kind: "all-panes" };
  if (what === "@*") return { kind: "all-windows" };
  const m = /^([%@])(\d+)/.exec(what);
  if (m) return m[1] === "%" ? { kind: "pane", id: Number(m[2]) } : { kind: "window", id: Number(m[2]) };
  return { kind: "session" };
}
