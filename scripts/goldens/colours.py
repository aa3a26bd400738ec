#!/usr/bin/env python3
"""Records how tmux 3.3a maps colours for terminals without them (colour_find_rgb, colour_256to16)
into test/mux/model/goldens/colours-256.golden and colours-16.golden.

tmux only shows this in what it sends a client: the status line is drawn with one cell per colour
(`#[bg=...]X`) for a client on a pty whose TERM is xterm-256color (no true colour) or xterm told
it has 16 colours, and the background of each marker cell is read back from the SGR sequences.
Usage: scripts/goldens/colours.py   (needs tmux 3.3a; the tests do not)
"""
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

GOLDENS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../test/mux/model/goldens")
SOCK = f"goldens-colours-{os.getpid()}"
MARKERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
ENV = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "SHELL": "/bin/sh", "TERM": "xterm-256color"}


def tmux(*args):
    subprocess.run(["tmux", "-L", SOCK, "-f", "/dev/null", *args], env=ENV, check=True)


def backgrounds(output):
    """Each marker's background as the SGR stream left it: 'N' (palette) or 'rgb:r,g,b' or 'default'."""
    bg, seen, i = "default", {}, 0
    while i < len(output):
        c = output[i]
        if c == "\x1b":
            m = re.compile(r"\x1b\[([0-9;?>]*)([@-~])").match(output, i)
            if m:
                if m.group(2) == "m":
                    bg = apply_sgr(bg, m.group(1))
                i = m.end()
                continue
            m = re.compile(r"\x1b\][^\x07]*\x07|\x1b[()][0-9A-Z]|\x1b.").match(output, i)
            i = m.end() if m else i + 1
            continue
        if c in MARKERS:
            seen[c] = bg
        i += 1
    return seen


def apply_sgr(bg, params):
    ps = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else [0]
    i = 0
    while i < len(ps):
        p = ps[i]
        if p == 0 or p == 49:
            bg = "default"
        elif 40 <= p <= 47:
            bg = str(p - 40)
        elif 100 <= p <= 107:
            bg = str(p - 100 + 8)
        elif p in (38, 48) and i + 1 < len(ps):
            width = 3 if ps[i + 1] == 5 else 5
            if p == 48:
                bg = str(ps[i + 2]) if ps[i + 1] == 5 else "rgb:" + ",".join(map(str, ps[i + 2:i + 5]))
            i += width - 1
        i += 1
    return bg


def draw(cells, term):
    """Attaches a client, lets tmux draw the cells, returns each marker's background."""
    fmt = "".join(f"#[bg={c}]{MARKERS[i]}#[bg=default] " for i, c in enumerate(cells))
    tmux("set", "-g", "status-format[0]", fmt)
    pid, fd = pty.fork()
    if pid == 0:
        # Wide enough for two columns per marker.
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 10, 200, 0, 0))
        os.execvpe("tmux", ["tmux", "-L", SOCK, "attach"], {**ENV, "TERM": term})
    # Read until the last marker has been drawn and the client has been quiet for a moment.
    out, deadline, quiet_since = b"", time.time() + 5, None
    last = MARKERS[len(cells) - 1]
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
            quiet_since = None
        elif last in backgrounds(out.decode("utf-8", "replace")):
            quiet_since = quiet_since or time.time()
            if time.time() - quiet_since > 0.3:
                break
    os.kill(pid, 15)
    os.waitpid(pid, 0)
    seen = backgrounds(out.decode("utf-8", "replace"))
    missing = [m for m in MARKERS[: len(cells)] if m not in seen]
    if missing:
        sys.exit(f"markers not drawn: {missing}")
    return [seen[MARKERS[i]] for i in range(len(cells))]


def record(name, colours, term):
    lines = []
    for start in range(0, len(colours), len(MARKERS)):
        chunk = colours[start:start + len(MARKERS)]
        for colour, result in zip(chunk, draw(chunk, term)):
            lines.append(f"{colour}\t{result}\n")
    with open(os.path.join(GOLDENS, name), "w") as f:
        f.writelines(lines)


def rgb_samples():
    """Corners, cube levels and their neighbours, greys, and a fixed pseudo-random spread."""
    levels = [0, 1, 47, 48, 95, 113, 114, 135, 175, 215, 255]
    out = [(v, v, v) for v in levels] + [(0x5f, 0x87, 0xaf), (0xff, 0, 0), (0, 0xd7, 0xff), (3, 3, 3), (238, 238, 238), (239, 240, 241)]
    x = 12345
    while len(out) < 248:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(((x >> 16) & 0xFF, (x >> 8) & 0xFF, x & 0xFF))
    return ["#%02x%02x%02x" % c for c in out]


def main():
    tmux("new", "-d", "-x", "200", "-y", "10")
    try:
        tmux("set", "-g", "status-style", "default")
        record("colours-256.golden", rgb_samples(), "xterm-256color")
        # xterm has 8 colours; told it has 16 (with aixterm bright backgrounds), tmux maps the
        # palette to 16 colours rather than dropping the bright bit.
        tmux("set", "-s", "terminal-overrides", r"xterm:colors=16:setab=\E[%?%p1%{8}%<%t4%p1%d%e10%p1%{8}%-%d%;m")
        record("colours-16.golden", [f"colour{n}" for n in range(256)], "xterm")
    finally:
        tmux("kill-server")


main()
