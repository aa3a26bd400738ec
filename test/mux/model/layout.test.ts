// Layout tree tests. The golden #{window_layout} strings below come from
// running the same operations in tmux 3.3a on this machine: `new -d -x W -y H`,
// `resize-window -x W -y H` (a manual size, so tmux refits the layout after
// select-layout and kill-pane as it would for an attached client), then
// split-window -d, resize-pane, kill-pane, resize-window, select-layout,
// swap-pane -d. The "random-*" scenarios are seeded random op sequences.
import { describe, expect, test } from "bun:test";
import { Layout, LayoutError, layoutChecksum, type Direction, type LayoutName } from "../../../src/mux/model/layout.ts";

interface Scenario {
  name: string;
  cols: number;
  rows: number;
  steps: [op: string, expected: string][];
}

/** Applies one scenario step; pane ids are handed out like tmux's %N. */
class Runner {
  layout: Layout;
  nextId = 1;
  opts: { mainPaneWidth?: string; mainPaneHeight?: string; otherPaneWidth?: string; otherPaneHeight?: string } = {};

  constructor(cols: number, rows: number) {
    this.layout = new Layout(0, cols, rows);
  }

  run(op: string): string {
    try {
      this.apply(op.split(" "));
      return this.layout.serialize();
    } catch (e) {
      if (e instanceof LayoutError) return `ERR ${e.message}`;
      throw e;
    }
  }

  private apply([cmd, ...a]: string[]): void {
    const n = (i: number) => Number(a[i]);
    switch (cmd) {
      case "split": {
        const flags = a.slice(1);
        const l = flags.indexOf("-l");
        const len = l >= 0 ? (flags[l + 1] ?? "") : "";
        const size = len === "" ? undefined : len.endsWith("%") ? { percent: Number.parseInt(len, 10) } : { cells: Number(len) };
        this.layout.split(n(0), this.nextId, {
          horizontal: flags.includes("-h"),
          before: flags.includes("-b"),
          fullSize: flags.includes("-f"),
          size,
        });
        this.nextId++;
        return;
      }
      case "resize": {
        const flag = a[1] ?? "";
        if (flag === "-x") this.layout.setPaneSize(n(0), { width: n(2) });
        else if (flag === "-y") this.layout.setPaneSize(n(0), { height: n(2) });
        else this.layout.resizePane(n(0), flag.slice(1) as Direction, n(2));
        return;
      }
      case "kill":
        this.layout.remove(n(0));
        return;
      case "window":
        this.layout.resize(n(0), n(1));
        return;
      case "layout":
        this.layout.apply(a[0] as LayoutName, this.opts);
        return;
      case "swap":
        this.layout.swap(n(0), n(1));
        return;
      case "option": {
        const key = (a[0] ?? "").replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as keyof Runner["opts"];
        this.opts[key] = a[1];
        return;
      }
    }
    throw new Error(`bad op ${cmd}`);
  }
}

const scenarios: Scenario[] = [
  {
    name: "brief",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -h -l 20", "93d5,80x24,0,0{59x24,0,0,0,20x24,60,0,1}"],
      ["split 0 -v -l 25%", "40f7,80x24,0,0{59x24,0,0[59x17,0,0,0,59x6,0,18,2],20x24,60,0,1}"],
    ],
  },
  {
    name: "halves-odd",
    cols: 81,
    rows: 25,
    steps: [
      ["split 0", "44ba,81x25,0,0[81x12,0,0,0,81x12,0,13,1]"],
      ["split 0 -h", "6c83,81x25,0,0[81x12,0,0{40x12,0,0,0,40x12,41,0,2},81x12,0,13,1]"],
      ["split 1 -h", "adc6,81x25,0,0[81x12,0,0{40x12,0,0,0,40x12,41,0,2},81x12,0,13{40x12,0,13,1,40x12,41,13,3}]"],
      ["split 2", "bb5a,81x25,0,0[81x12,0,0{40x12,0,0,0,40x12,41,0[40x6,41,0,2,40x5,41,7,4]},81x12,0,13{40x12,0,13,1,40x12,41,13,3}]"],
      ["split 0 -b", "4098,81x25,0,0[81x12,0,0{40x12,0,0[40x6,0,0,5,40x5,0,7,0],40x12,41,0[40x6,41,0,2,40x5,41,7,4]},81x12,0,13{40x12,0,13,1,40x12,41,13,3}]"],
    ],
  },
  {
    name: "resize-edges",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -h", "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}"],
      ["split 1", "d67e,80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,39x11,41,13,2]}"],
      ["split 0", "1742,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,3],39x24,41,0[39x12,41,0,1,39x11,41,13,2]}"],
      ["resize 0 -R 5", "ea6d,80x24,0,0{45x24,0,0[45x12,0,0,0,45x11,0,13,3],34x24,46,0[34x12,46,0,1,34x11,46,13,2]}"],
      ["resize 0 -L 3", "6bba,80x24,0,0{42x24,0,0[42x12,0,0,0,42x11,0,13,3],37x24,43,0[37x12,43,0,1,37x11,43,13,2]}"],
      ["resize 1 -R 4", "14ab,80x24,0,0{46x24,0,0[46x12,0,0,0,46x11,0,13,3],33x24,47,0[33x12,47,0,1,33x11,47,13,2]}"],
      ["resize 1 -L 2", "c032,80x24,0,0{44x24,0,0[44x12,0,0,0,44x11,0,13,3],35x24,45,0[35x12,45,0,1,35x11,45,13,2]}"],
      ["resize 2 -U 3", "bf56,80x24,0,0{44x24,0,0[44x12,0,0,0,44x11,0,13,3],35x24,45,0[35x9,45,0,1,35x14,45,10,2]}"],
      ["resize 2 -D 1", "9cb2,80x24,0,0{44x24,0,0[44x12,0,0,0,44x11,0,13,3],35x24,45,0[35x10,45,0,1,35x13,45,11,2]}"],
      ["resize 3 -D 2", "7c82,80x24,0,0{44x24,0,0[44x14,0,0,0,44x9,0,15,3],35x24,45,0[35x10,45,0,1,35x13,45,11,2]}"],
      ["resize 3 -U 20", "0e93,80x24,0,0{44x24,0,0[44x1,0,0,0,44x22,0,2,3],35x24,45,0[35x10,45,0,1,35x13,45,11,2]}"],
      ["resize 0 -R 100", "9b8c,80x24,0,0{78x24,0,0[78x1,0,0,0,78x22,0,2,3],1x24,79,0[1x10,79,0,1,1x13,79,11,2]}"],
      ["resize 1 -L 100", "dccf,80x24,0,0{1x24,0,0[1x1,0,0,0,1x22,0,2,3],78x24,2,0[78x10,2,0,1,78x13,2,11,2]}"],
    ],
  },
  {
    name: "resize-to",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -h", "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}"],
      ["split 1", "d67e,80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,39x11,41,13,2]}"],
      ["resize 0 -x 30", "91a1,80x24,0,0{30x24,0,0,0,49x24,31,0[49x12,31,0,1,49x11,31,13,2]}"],
      ["resize 1 -x 10", "8cb4,80x24,0,0{69x24,0,0,0,10x24,70,0[10x12,70,0,1,10x11,70,13,2]}"],
      ["resize 2 -y 5", "e425,80x24,0,0{69x24,0,0,0,10x24,70,0[10x18,70,0,1,10x5,70,19,2]}"],
      ["resize 1 -y 20", "4da5,80x24,0,0{69x24,0,0,0,10x24,70,0[10x20,70,0,1,10x3,70,21,2]}"],
      ["resize 0 -y 10", "4da5,80x24,0,0{69x24,0,0,0,10x24,70,0[10x20,70,0,1,10x3,70,21,2]}"],
      ["split 0", "594c,80x24,0,0{69x24,0,0[69x12,0,0,0,69x11,0,13,3],10x24,70,0[10x20,70,0,1,10x3,70,21,2]}"],
      ["resize 0 -y 3", "d04e,80x24,0,0{69x24,0,0[69x3,0,0,0,69x20,0,4,3],10x24,70,0[10x20,70,0,1,10x3,70,21,2]}"],
      ["resize 3 -y 3", "9d39,80x24,0,0{69x24,0,0[69x20,0,0,0,69x3,0,21,3],10x24,70,0[10x20,70,0,1,10x3,70,21,2]}"],
      ["resize 2 -x 70", "4929,80x24,0,0{9x24,0,0[9x20,0,0,0,9x3,0,21,3],70x24,10,0[70x20,10,0,1,70x3,10,21,2]}"],
    ],
  },
  {
    name: "kill",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -h", "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}"],
      ["split 1", "d67e,80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,39x11,41,13,2]}"],
      ["split 0", "1742,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,3],39x24,41,0[39x12,41,0,1,39x11,41,13,2]}"],
      ["split 2 -h", "4dc0,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,3],39x24,41,0[39x12,41,0,1,39x11,41,13{19x11,41,13,2,19x11,61,13,4}]}"],
      ["kill 1", "d102,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,3],39x24,41,0{19x24,41,0,2,19x24,61,0,4}}"],
      ["kill 0", "557c,80x24,0,0{40x24,0,0,3,39x24,41,0{19x24,41,0,2,19x24,61,0,4}}"],
      ["kill 4", "0212,80x24,0,0{40x24,0,0,3,39x24,41,0,2}"],
      ["kill 3", "b25f,80x24,0,0,2"],
    ],
  },
  {
    name: "window-resize",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -h -l 20", "93d5,80x24,0,0{59x24,0,0,0,20x24,60,0,1}"],
      ["split 0 -l 5", "3cf8,80x24,0,0{59x24,0,0[59x18,0,0,0,59x5,0,19,2],20x24,60,0,1}"],
      ["split 1", "d081,80x24,0,0{59x24,0,0[59x18,0,0,0,59x5,0,19,2],20x24,60,0[20x12,60,0,1,20x11,60,13,3]}"],
      ["window 120 40", "bb8d,120x40,0,0{79x40,0,0[79x26,0,0,0,79x13,0,27,2],40x40,80,0[40x20,80,0,1,40x19,80,21,3]}"],
      ["window 100 30", "4746,100x30,0,0{69x30,0,0[69x21,0,0,0,69x8,0,22,2],30x30,70,0[30x15,70,0,1,30x14,70,16,3]}"],
      ["window 20 8", "fd31,20x8,0,0{18x8,0,0[18x6,0,0,0,18x1,0,7,2],1x8,19,0[1x4,19,0,1,1x3,19,5,3]}"],
      ["window 5 3", "550c,5x3,0,0{3x3,0,0[3x1,0,0,0,3x1,0,2,2],1x3,4,0[1x1,4,0,1,1x1,4,2,3]}"],
      ["window 90 30", "319e,90x30,0,0{46x30,0,0[46x15,0,0,0,46x14,0,16,2],43x30,47,0[43x15,47,0,1,43x14,47,16,3]}"],
      ["window 81 25", "ed88,81x25,0,0{41x25,0,0[41x12,0,0,0,41x12,0,13,2],39x25,42,0[39x12,42,0,1,39x12,42,13,3]}"],
    ],
  },
  {
    name: "presets",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0", "c195,80x24,0,0[80x12,0,0,0,80x11,0,13,1]"],
      ["split 1", "f369,80x24,0,0[80x12,0,0,0,80x5,0,13,1,80x5,0,19,2]"],
      ["split 2 -h", "0d44,80x24,0,0[80x12,0,0,0,80x5,0,13,1,80x5,0,19{40x5,0,19,2,39x5,41,19,3}]"],
      ["split 3", "bb44,80x24,0,0[80x12,0,0,0,80x5,0,13,1,80x5,0,19{40x5,0,19,2,39x5,41,19[39x2,41,19,3,39x2,41,22,4]}]"],
      ["layout even-horizontal", "5a25,80x24,0,0{15x24,0,0,0,15x24,16,0,1,15x24,32,0,2,15x24,48,0,3,16x24,64,0,4}"],
      ["layout even-vertical", "fe20,80x24,0,0[80x4,0,0,0,80x4,0,5,1,80x4,0,10,2,80x4,0,15,3,80x4,0,20,4]"],
      ["layout main-horizontal", "344f,80x24,0,0[80x22,0,0,0,80x1,0,23{19x1,0,23,1,19x1,20,23,2,19x1,40,23,3,20x1,60,23,4}]"],
      ["layout main-vertical", "e3fc,80x24,0,0{78x24,0,0,0,1x24,79,0[1x5,79,0,1,1x5,79,6,2,1x5,79,12,3,1x6,79,18,4]}"],
      ["layout tiled", "8bcd,80x24,0,0[80x7,0,0{39x7,0,0,0,40x7,40,0,1},80x7,0,8{39x7,0,8,2,40x7,40,8,3},80x8,0,16,4]"],
      ["option main-pane-width 30", "8bcd,80x24,0,0[80x7,0,0{39x7,0,0,0,40x7,40,0,1},80x7,0,8{39x7,0,8,2,40x7,40,8,3},80x8,0,16,4]"],
      ["layout main-vertical", "0328,80x24,0,0{30x24,0,0,0,49x24,31,0[49x5,31,0,1,49x5,31,6,2,49x5,31,12,3,49x6,31,18,4]}"],
      ["option main-pane-height 50%", "0328,80x24,0,0{30x24,0,0,0,49x24,31,0[49x5,31,0,1,49x5,31,6,2,49x5,31,12,3,49x6,31,18,4]}"],
      ["layout main-horizontal", "9ae7,80x24,0,0[80x11,0,0,0,80x12,0,12{19x12,0,12,1,19x12,20,12,2,19x12,40,12,3,20x12,60,12,4}]"],
      ["option other-pane-width 20", "9ae7,80x24,0,0[80x11,0,0,0,80x12,0,12{19x12,0,12,1,19x12,20,12,2,19x12,40,12,3,20x12,60,12,4}]"],
      ["layout main-vertical", "41eb,80x24,0,0{59x24,0,0,0,20x24,60,0[20x5,60,0,1,20x5,60,6,2,20x5,60,12,3,20x6,60,18,4]}"],
    ],
  },
  {
    name: "presets-small",
    cols: 30,
    rows: 10,
    steps: [
      ["split 0 -h", "17b2,30x10,0,0{15x10,0,0,0,14x10,16,0,1}"],
      ["split 1", "bcde,30x10,0,0{15x10,0,0,0,14x10,16,0[14x5,16,0,1,14x4,16,6,2]}"],
      ["split 0", "8fba,30x10,0,0{15x10,0,0[15x5,0,0,0,15x4,0,6,3],14x10,16,0[14x5,16,0,1,14x4,16,6,2]}"],
      ["split 2 -h", "e495,30x10,0,0{15x10,0,0[15x5,0,0,0,15x4,0,6,3],14x10,16,0[14x5,16,0,1,14x4,16,6{7x4,16,6,2,6x4,24,6,4}]}"],
      ["split 3", "3677,30x10,0,0{15x10,0,0[15x5,0,0,0,15x2,0,6,3,15x1,0,9,5],14x10,16,0[14x5,16,0,1,14x4,16,6{7x4,16,6,2,6x4,24,6,4}]}"],
      ["layout even-horizontal", "6240,30x10,0,0{4x10,0,0,0,4x10,5,0,3,4x10,10,0,5,4x10,15,0,1,4x10,20,0,2,5x10,25,0,4}"],
      ["layout even-vertical", "8a78,30x11,0,0[30x1,0,0,0,30x1,0,2,3,30x1,0,4,5,30x1,0,6,1,30x1,0,8,2,30x1,0,10,4]"],
      ["layout tiled", "f201,30x10,0,0[30x2,0,0{14x2,0,0,0,15x2,15,0,3},30x3,0,3{14x3,0,3,5,15x3,15,3,1},30x3,0,7{14x3,0,7,2,15x3,15,7,4}]"],
      ["layout main-vertical", "21a5,30x10,0,0{28x10,0,0,0,1x10,29,0[1x1,29,0,3,1x1,29,2,5,1x1,29,4,1,1x1,29,6,2,1x2,29,8,4]}"],
      ["layout main-horizontal", "6599,30x10,0,0[30x8,0,0,0,30x1,0,9{5x1,0,9,3,5x1,6,9,5,5x1,12,9,1,5x1,18,9,2,6x1,24,9,4}]"],
      ["window 12 6", "5e8f,12x6,0,0[12x4,0,0,0,12x1,0,5{1x1,0,5,3,1x1,2,5,5,1x1,4,5,1,2x1,6,5,2,3x1,9,5,4}]"],
      ["window 30 10", "8b55,30x10,0,0[30x6,0,0,0,30x3,0,7{5x3,0,7,3,5x3,6,7,5,5x3,12,7,1,5x3,18,7,2,6x3,24,7,4}]"],
    ],
  },
  {
    name: "too-small-for-preset",
    cols: 20,
    rows: 6,
    steps: [
      ["split 0", "77f5,20x6,0,0[20x3,0,0,0,20x2,0,4,1]"],
      ["split 1", "ERR no space for new pane"],
      ["split 2", "ERR can't find pane: %2"],
      ["split 0 -h", "4f47,20x6,0,0[20x3,0,0{10x3,0,0,0,9x3,11,0,2},20x2,0,4,1]"],
      ["split 4 -h", "ERR can't find pane: %4"],
      ["layout even-vertical", "a993,20x6,0,0[20x1,0,0,0,20x1,0,2,2,20x2,0,4,1]"],
      ["kill 3", "ERR can't find pane: %3"],
      ["kill 1", "3bf5,20x6,0,0[20x1,0,0,0,20x4,0,2,2]"],
      ["layout even-vertical", "99f5,20x6,0,0[20x2,0,0,0,20x3,0,3,2]"],
      ["window 20 12", "bda2,20x12,0,0[20x5,0,0,0,20x6,0,6,2]"],
    ],
  },
  {
    name: "tiled-counts",
    cols: 100,
    rows: 40,
    steps: [
      ["split 0", "998a,100x40,0,0[100x20,0,0,0,100x19,0,21,1]"],
      ["layout tiled", "b50a,100x40,0,0[100x19,0,0,0,100x20,0,20,1]"],
      ["split 1", "f56a,100x40,0,0[100x19,0,0,0,100x10,0,20,1,100x9,0,31,2]"],
      ["layout tiled", "4c96,100x40,0,0[100x19,0,0{49x19,0,0,0,50x19,50,0,1},100x20,0,20,2]"],
      ["split 2", "31c8,100x40,0,0[100x19,0,0{49x19,0,0,0,50x19,50,0,1},100x10,0,20,2,100x9,0,31,3]"],
      ["layout tiled", "e842,100x40,0,0[100x19,0,0{49x19,0,0,0,50x19,50,0,1},100x20,0,20{49x20,0,20,2,50x20,50,20,3}]"],
      ["split 3 -h", "b541,100x40,0,0[100x19,0,0{49x19,0,0,0,50x19,50,0,1},100x20,0,20{49x20,0,20,2,25x20,50,20,3,24x20,76,20,4}]"],
      ["layout tiled", "e2c4,100x40,0,0[100x12,0,0{49x12,0,0,0,50x12,50,0,1},100x12,0,13{49x12,0,13,2,50x12,50,13,3},100x14,0,26,4]"],
      ["split 4", "85ef,100x40,0,0[100x12,0,0{49x12,0,0,0,50x12,50,0,1},100x12,0,13{49x12,0,13,2,50x12,50,13,3},100x7,0,26,4,100x6,0,34,5]"],
      ["layout tiled", "db8c,100x40,0,0[100x12,0,0{49x12,0,0,0,50x12,50,0,1},100x12,0,13{49x12,0,13,2,50x12,50,13,3},100x14,0,26{49x14,0,26,4,50x14,50,26,5}]"],
      ["split 0 -h", "dd1b,100x40,0,0[100x12,0,0{24x12,0,0,0,24x12,25,0,6,50x12,50,0,1},100x12,0,13{49x12,0,13,2,50x12,50,13,3},100x14,0,26{49x14,0,26,4,50x14,50,26,5}]"],
      ["layout tiled", "a1b4,100x40,0,0[100x12,0,0{32x12,0,0,0,32x12,33,0,6,34x12,66,0,1},100x12,0,13{32x12,0,13,2,32x12,33,13,3,34x12,66,13,4},100x14,0,26,5]"],
    ],
  },
  {
    name: "swap",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -h -l 30", "8ee5,80x24,0,0{49x24,0,0,0,30x24,50,0,1}"],
      ["split 1", "02fa,80x24,0,0{49x24,0,0,0,30x24,50,0[30x12,50,0,1,30x11,50,13,2]}"],
      ["swap 0 2", "84f9,80x24,0,0{49x24,0,0,2,30x24,50,0[30x12,50,0,1,30x11,50,13,0]}"],
      ["swap 1 2", "83fa,80x24,0,0{49x24,0,0,1,30x24,50,0[30x12,50,0,2,30x11,50,13,0]}"],
      ["resize 2 -R 4", "398c,80x24,0,0{53x24,0,0,1,26x24,54,0[26x12,54,0,2,26x11,54,13,0]}"],
      ["swap 2 0", "b98a,80x24,0,0{53x24,0,0,1,26x24,54,0[26x12,54,0,0,26x11,54,13,2]}"],
    ],
  },
  {
    name: "split-before",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -b -h -l 10", "f338,80x24,0,0{10x24,0,0,1,69x24,11,0,0}"],
      ["split 0 -b -l 30%", "cf65,80x24,0,0{10x24,0,0,1,69x24,11,0[69x7,11,0,2,69x16,11,8,0]}"],
      ["split 1 -b", "3769,80x24,0,0{10x24,0,0[10x12,0,0,3,10x11,0,13,1],69x24,11,0[69x7,11,0,2,69x16,11,8,0]}"],
      ["split 2 -h -b -l 90", "5e0b,80x24,0,0{10x24,0,0[10x12,0,0,3,10x11,0,13,1],69x24,11,0[69x7,11,0{1x7,11,0,4,67x7,13,0,2},69x16,11,8,0]}"],
      ["split 0 -h -l 0", "36ac,80x24,0,0{10x24,0,0[10x12,0,0,3,10x11,0,13,1],69x24,11,0[69x7,11,0{1x7,11,0,4,67x7,13,0,2},69x16,11,8{67x16,11,8,0,1x16,79,8,5}]}"],
    ],
  },
  {
    name: "fullsize",
    cols: 80,
    rows: 24,
    steps: [
      ["split 0 -h", "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}"],
      ["split 1 -f", "eb1f,80x24,0,0[80x12,0,0{40x12,0,0,0,39x12,41,0,1},80x11,0,13,2]"],
      ["split 0 -f -h -b -l 10", "0ebd,80x24,0,0{10x24,0,0,3,69x24,11,0[69x12,11,0{34x12,11,0,0,34x12,46,0,1},69x11,11,13,2]}"],
      ["split 2 -f -l 50%", "0a67,80x24,0,0[80x11,0,0{10x11,0,0,3,69x11,11,0[69x5,11,0{34x5,11,0,0,34x5,46,0,1},69x5,11,6,2]},80x12,0,12,4]"],
      ["split 0 -f -l 1", "83c7,80x24,0,0[80x10,0,0{10x10,0,0,3,69x10,11,0[69x4,11,0{34x4,11,0,0,34x4,46,0,1},69x5,11,5,2]},80x11,0,11,4,80x1,0,23,5]"],
    ],
  },
  {
    name: "nospace",
    cols: 7,
    rows: 5,
    steps: [
      ["split 0 -h", "2e52,7x5,0,0{3x5,0,0,0,3x5,4,0,1}"],
      ["split 0 -h", "cc83,7x5,0,0{1x5,0,0,0,1x5,2,0,2,3x5,4,0,1}"],
      ["split 2 -h", "ERR no space for new pane"],
      ["split 0", "dbb6,7x5,0,0{1x5,0,0[1x2,0,0,0,1x2,0,3,3],1x5,2,0,2,3x5,4,0,1}"],
      ["split 0", "ERR no space for new pane"],
      ["split 3", "ERR no space for new pane"],
      ["split 1", "925a,7x5,0,0{1x5,0,0[1x2,0,0,0,1x2,0,3,3],1x5,2,0,2,3x5,4,0[3x2,4,0,1,3x2,4,3,4]}"],
    ],
  },
  {
    name: "random-r0",
    cols: 88,
    rows: 24,
    steps: [
      ["layout even-vertical", "b65d,88x24,0,0,0"],
      ["window 89 6", "fd5d,89x6,0,0,0"],
      ["resize 0 -x 49", "fd5d,89x6,0,0,0"],
      ["split 0 -b -l 90%", "1c66,89x6,0,0[89x4,0,0,1,89x1,0,5,0]"],
      ["layout even-vertical", "6065,89x6,0,0[89x2,0,0,1,89x3,0,3,0]"],
      ["resize 1 -y 32", "1c66,89x6,0,0[89x4,0,0,1,89x1,0,5,0]"],
      ["split 0 -l 6", "ERR no space for new pane"],
      ["layout even-vertical", "6065,89x6,0,0[89x2,0,0,1,89x3,0,3,0]"],
      ["split 0 -l 2", "1b99,89x6,0,0[89x2,0,0,1,89x1,0,3,0,89x1,0,5,2]"],
      ["resize 1 -L 3", "1b99,89x6,0,0[89x2,0,0,1,89x1,0,3,0,89x1,0,5,2]"],
      ["resize 1 -y 42", "1b99,89x6,0,0[89x2,0,0,1,89x1,0,3,0,89x1,0,5,2]"],
      ["layout main-horizontal", "7740,89x6,0,0[89x4,0,0,1,89x1,0,5{44x1,0,5,0,44x1,45,5,2}]"],
      ["split 1 -h -b -f -l 11%", "5154,89x6,0,0{9x6,0,0,3,79x6,10,0[79x4,10,0,1,79x1,10,5{39x1,10,5,0,39x1,50,5,2}]}"],
      ["swap 1 2", "3954,89x6,0,0{9x6,0,0,3,79x6,10,0[79x4,10,0,2,79x1,10,5{39x1,10,5,0,39x1,50,5,1}]}"],
      ["kill 1", "346c,89x6,0,0{9x6,0,0,3,79x6,10,0[79x4,10,0,2,79x1,10,5,0]}"],
      ["split 0 -b -l 36", "ERR no space for new pane"],
      ["split 2", "7d4b,89x6,0,0{9x6,0,0,3,79x6,10,0[79x2,10,0,2,79x1,10,3,4,79x1,10,5,0]}"],
      ["swap 5 6", "ERR can't find pane: %5"],
      ["split 4 -h", "c635,89x6,0,0{9x6,0,0,3,79x6,10,0[79x2,10,0,2,79x1,10,3{39x1,10,3,4,39x1,50,3,5},79x1,10,5,0]}"],
      ["split 5", "ERR no space for new pane"],
      ["split 7 -f -l 36%", "ERR can't find pane: %7"],
      ["layout main-horizontal", "637a,89x6,0,0[89x4,0,0,3,89x1,0,5{21x1,0,5,2,21x1,22,5,4,21x1,44,5,5,23x1,66,5,0}]"],
      ["resize 5 -x 41", "6b22,89x6,0,0[89x4,0,0,3,89x1,0,5{21x1,0,5,2,21x1,22,5,4,41x1,44,5,5,3x1,86,5,0}]"],
      ["layout main-vertical", "e50f,89x7,0,0{80x7,0,0,3,8x7,81,0[8x1,81,0,2,8x1,81,2,4,8x1,81,4,5,8x1,81,6,0]}"],
      ["resize 5 -x 50", "29bb,89x7,0,0{38x7,0,0,3,50x7,39,0[50x1,39,0,2,50x1,39,2,4,50x1,39,4,5,50x1,39,6,0]}"],
    ],
  },
  {
    name: "random-r1",
    cols: 11,
    rows: 48,
    steps: [
      ["split 0 -h -l 20", "ac70,11x48,0,0{1x48,0,0,0,9x48,2,0,1}"],
      ["resize 0 -R 10", "918e,11x48,0,0{9x48,0,0,0,1x48,10,0,1}"],
      ["resize 0 -R 15", "918e,11x48,0,0{9x48,0,0,0,1x48,10,0,1}"],
      ["split 1 -l 81%", "fd3a,11x48,0,0{9x48,0,0,0,1x48,10,0[1x9,10,0,1,1x38,10,10,2]}"],
      ["resize 2 -L 3", "2a76,11x48,0,0{6x48,0,0,0,4x48,7,0[4x9,7,0,1,4x38,7,10,2]}"],
      ["resize 2 -R 10", "fd3a,11x48,0,0{9x48,0,0,0,1x48,10,0[1x9,10,0,1,1x38,10,10,2]}"],
      ["kill 2", "918e,11x48,0,0{9x48,0,0,0,1x48,10,0,1}"],
      ["split 0 -b -l 28%", "f605,11x48,0,0{9x48,0,0[9x13,0,0,3,9x34,0,14,0],1x48,10,0,1}"],
      ["resize 3 -U 11", "dc0a,11x48,0,0{9x48,0,0[9x2,0,0,3,9x45,0,3,0],1x48,10,0,1}"],
      ["layout main-horizontal", "ef4d,11x48,0,0[11x24,0,0,3,11x23,0,25{5x23,0,25,0,5x23,6,25,1}]"],
      ["swap 0 1", "af51,11x48,0,0[11x24,0,0,3,11x23,0,25{5x23,0,25,1,5x23,6,25,0}]"],
      ["split 1 -h", "bad5,11x48,0,0[11x24,0,0,3,11x23,0,25{2x23,0,25,1,2x23,3,25,4,5x23,6,25,0}]"],
      ["kill 0", "a682,11x48,0,0[11x24,0,0,3,11x23,0,25{2x23,0,25,1,8x23,3,25,4}]"],
      ["kill 4", "f6e4,11x48,0,0[11x24,0,0,3,11x23,0,25,1]"],
      ["split 1 -h -b", "ef61,11x48,0,0[11x24,0,0,3,11x23,0,25{5x23,0,25,5,5x23,6,25,1}]"],
      ["kill 1", "f6e6,11x48,0,0[11x24,0,0,3,11x23,0,25,5]"],
      ["layout tiled", "c7e6,11x48,0,0[11x23,0,0,3,11x24,0,24,5]"],
      ["layout main-horizontal", "f6e6,11x48,0,0[11x24,0,0,3,11x23,0,25,5]"],
      ["layout main-horizontal", "f6e6,11x48,0,0[11x24,0,0,3,11x23,0,25,5]"],
      ["split 3 -l 14", "279f,11x48,0,0[11x9,0,0,3,11x14,0,10,6,11x23,0,25,5]"],
      ["swap 3 6", "27f3,11x48,0,0[11x9,0,0,6,11x14,0,10,3,11x23,0,25,5]"],
      ["split 3", "ea05,11x48,0,0[11x9,0,0,6,11x7,0,10,3,11x6,0,18,7,11x23,0,25,5]"],
      ["resize 3 -x 49", "ea05,11x48,0,0[11x9,0,0,6,11x7,0,10,3,11x6,0,18,7,11x23,0,25,5]"],
      ["swap 5 7", "e9fe,11x48,0,0[11x9,0,0,6,11x7,0,10,3,11x6,0,18,5,11x23,0,25,7]"],
      ["split 5 -h -b", "c2c7,11x48,0,0[11x9,0,0,6,11x7,0,10,3,11x6,0,18{5x6,0,18,8,5x6,6,18,5},11x23,0,25,7]"],
    ],
  },
  {
    name: "random-r2",
    cols: 13,
    rows: 43,
    steps: [
      ["resize 0 -L 14", "b21d,13x43,0,0,0"],
      ["layout main-horizontal", "b21d,13x43,0,0,0"],
      ["window 30 43", "b11d,30x43,0,0,0"],
      ["resize 0 -D 2", "b11d,30x43,0,0,0"],
      ["resize 0 -R 10", "b11d,30x43,0,0,0"],
      ["split 0 -h", "6444,30x43,0,0{15x43,0,0,0,14x43,16,0,1}"],
      ["split 1", "9aa7,30x43,0,0{15x43,0,0,0,14x43,16,0[14x21,16,0,1,14x21,16,22,2]}"],
      ["kill 2", "6444,30x43,0,0{15x43,0,0,0,14x43,16,0,1}"],
      ["split 0 -f -l 10", "559c,30x43,0,0[30x32,0,0{15x32,0,0,0,14x32,16,0,1},30x10,0,33,3]"],
      ["split 3", "b28b,30x43,0,0[30x32,0,0{15x32,0,0,0,14x32,16,0,1},30x5,0,33,3,30x4,0,39,4]"],
      ["resize 4 -R 1", "b28b,30x43,0,0[30x32,0,0{15x32,0,0,0,14x32,16,0,1},30x5,0,33,3,30x4,0,39,4]"],
      ["split 4 -h -b", "03ea,30x43,0,0[30x32,0,0{15x32,0,0,0,14x32,16,0,1},30x5,0,33,3,30x4,0,39{15x4,0,39,5,14x4,16,39,4}]"],
      ["kill 0", "ae9f,30x43,0,0[30x32,0,0,1,30x5,0,33,3,30x4,0,39{15x4,0,39,5,14x4,16,39,4}]"],
      ["window 55 4", "2960,55x5,0,0[55x1,0,0,1,55x1,0,2,3,55x1,0,4{28x1,0,4,5,26x1,29,4,4}]"],
      ["swap 3 3", "2960,55x5,0,0[55x1,0,0,1,55x1,0,2,3,55x1,0,4{28x1,0,4,5,26x1,29,4,4}]"],
      ["layout even-horizontal", "e29e,55x4,0,0{13x4,0,0,1,13x4,14,0,3,13x4,28,0,5,13x4,42,0,4}"],
      ["swap 3 5", "e38e,55x4,0,0{13x4,0,0,1,13x4,14,0,5,13x4,28,0,3,13x4,42,0,4}"],
      ["resize 4 -D 13", "e38e,55x4,0,0{13x4,0,0,1,13x4,14,0,5,13x4,28,0,3,13x4,42,0,4}"],
      ["layout main-horizontal", "246b,55x4,0,0[55x2,0,0,1,55x1,0,3{17x1,0,3,5,17x1,18,3,3,19x1,36,3,4}]"],
      ["kill 1", "9645,55x4,0,0{17x4,0,0,5,17x4,18,0,3,19x4,36,0,4}"],
      ["window 111 25", "5653,111x25,0,0{36x25,0,0,5,36x25,37,0,3,37x25,74,0,4}"],
      ["layout main-horizontal", "609c,111x25,0,0[111x23,0,0,5,111x1,0,24{55x1,0,24,3,55x1,56,24,4}]"],
      ["split 4 -l 32", "ERR no space for new pane"],
    ],
  },
  {
    name: "random-r3",
    cols: 117,
    rows: 6,
    steps: [
      ["resize 0 -U 5", "041e,117x6,0,0,0"],
      ["resize 0 -L 2", "041e,117x6,0,0,0"],
      ["split 0 -l 17", "4d24,117x6,0,0[117x1,0,0,0,117x4,0,2,1]"],
      ["kill 1", "041e,117x6,0,0,0"],
      ["layout tiled", "041e,117x6,0,0,0"],
      ["resize 0 -x 45", "041e,117x6,0,0,0"],
      ["resize 0 -x 1", "041e,117x6,0,0,0"],
      ["window 52 7", "f8dd,52x7,0,0,0"],
      ["layout main-horizontal", "f8dd,52x7,0,0,0"],
      ["split 0", "33f2,52x7,0,0[52x3,0,0,0,52x3,0,4,2]"],
      ["split 2 -h -f", "a6cf,52x7,0,0{26x7,0,0[26x3,0,0,0,26x3,0,4,2],25x7,27,0,3}"],
      ["kill 3", "33f2,52x7,0,0[52x3,0,0,0,52x3,0,4,2]"],
      ["window 31 31", "125c,31x31,0,0[31x15,0,0,0,31x15,0,16,2]"],
      ["split 0 -h -b", "9a1c,31x31,0,0[31x15,0,0{15x15,0,0,4,15x15,16,0,0},31x15,0,16,2]"],
      ["swap 2 2", "9a1c,31x31,0,0[31x15,0,0{15x15,0,0,4,15x15,16,0,0},31x15,0,16,2]"],
      ["split 0 -h -b", "b827,31x31,0,0[31x15,0,0{15x15,0,0,4,7x15,16,0,5,7x15,24,0,0},31x15,0,16,2]"],
      ["split 0 -h", "6b59,31x31,0,0[31x15,0,0{15x15,0,0,4,7x15,16,0,5,3x15,24,0,0,3x15,28,0,6},31x15,0,16,2]"],
      ["split 0 -h -b -l 17", "bbaf,31x31,0,0[31x15,0,0{15x15,0,0,4,7x15,16,0,5,1x15,24,0,7,1x15,26,0,0,3x15,28,0,6},31x15,0,16,2]"],
      ["swap 7 5", "f7af,31x31,0,0[31x15,0,0{15x15,0,0,4,7x15,16,0,7,1x15,24,0,5,1x15,26,0,0,3x15,28,0,6},31x15,0,16,2]"],
      ["split 5 -h", "ERR no space for new pane"],
      ["resize 2 -y 5", "9d18,31x31,0,0[31x25,0,0{15x25,0,0,4,7x25,16,0,7,1x25,24,0,5,1x25,26,0,0,3x25,28,0,6},31x5,0,26,2]"],
      ["layout even-horizontal", "c8a7,31x31,0,0{4x31,0,0,4,4x31,5,0,7,4x31,10,0,5,4x31,15,0,0,4x31,20,0,6,6x31,25,0,2}"],
      ["resize 2 -D 5", "c8a7,31x31,0,0{4x31,0,0,4,4x31,5,0,7,4x31,10,0,5,4x31,15,0,0,4x31,20,0,6,6x31,25,0,2}"],
      ["split 6 -b -l 1", "fdc6,31x31,0,0{4x31,0,0,4,4x31,5,0,7,4x31,10,0,5,4x31,15,0,0,4x31,20,0[4x1,20,0,8,4x29,20,2,6],6x31,25,0,2}"],
    ],
  },
  {
    name: "random-r4",
    cols: 48,
    rows: 17,
    steps: [
      ["window 117 37", "c83d,117x37,0,0,0"],
      ["split 0", "3d03,117x37,0,0[117x18,0,0,0,117x18,0,19,1]"],
      ["kill 1", "c83d,117x37,0,0,0"],
      ["resize 0 -L 14", "c83d,117x37,0,0,0"],
      ["layout even-vertical", "c83d,117x37,0,0,0"],
      ["window 86 29", "c95d,86x29,0,0,0"],
      ["split 0 -h -l 22", "7e2d,86x29,0,0{63x29,0,0,0,22x29,64,0,2}"],
      ["layout main-horizontal", "f54d,86x29,0,0[86x24,0,0,0,86x4,0,25,2]"],
      ["split 2", "cbdd,86x29,0,0[86x24,0,0,0,86x2,0,25,2,86x1,0,28,3]"],
      ["resize 2 -D 11", "9dce,86x29,0,0[86x13,0,0,0,86x13,0,14,2,86x1,0,28,3]"],
      ["swap 0 0", "9dce,86x29,0,0[86x13,0,0,0,86x13,0,14,2,86x1,0,28,3]"],
      ["window 112 3", "bc07,112x5,0,0[112x1,0,0,0,112x1,0,2,2,112x1,0,4,3]"],
      ["layout even-vertical", "bc07,112x5,0,0[112x1,0,0,0,112x1,0,2,2,112x1,0,4,3]"],
      ["swap 0 2", "bcf7,112x5,0,0[112x1,0,0,2,112x1,0,2,0,112x1,0,4,3]"],
      ["split 2 -h -b -f -l 85%", "dc15,112x5,0,0{95x5,0,0,4,16x5,96,0[16x1,96,0,2,16x1,96,2,0,16x1,96,4,3]}"],
      ["layout tiled", "6d08,112x3,0,0[112x1,0,0{55x1,0,0,4,56x1,56,0,2},112x1,0,2{55x1,0,2,0,56x1,56,2,3}]"],
      ["resize 2 -R 7", "681c,112x3,0,0[112x1,0,0{62x1,0,0,4,49x1,63,0,2},112x1,0,2{55x1,0,2,0,56x1,56,2,3}]"],
      ["resize 2 -L 11", "64dc,112x3,0,0[112x1,0,0{51x1,0,0,4,60x1,52,0,2},112x1,0,2{55x1,0,2,0,56x1,56,2,3}]"],
      ["window 92 42", "0891,92x42,0,0[92x21,0,0{41x21,0,0,4,50x21,42,0,2},92x20,0,22{45x20,0,22,0,46x20,46,22,3}]"],
      ["split 4 -h -b", "9b92,92x42,0,0[92x21,0,0{20x21,0,0,5,20x21,21,0,4,50x21,42,0,2},92x20,0,22{45x20,0,22,0,46x20,46,22,3}]"],
      ["split 2 -h", "5e7c,92x42,0,0[92x21,0,0{20x21,0,0,5,20x21,21,0,4,25x21,42,0,2,24x21,68,0,6},92x20,0,22{45x20,0,22,0,46x20,46,22,3}]"],
      ["resize 3 -D 11", "26a8,92x42,0,0[92x32,0,0{20x32,0,0,5,20x32,21,0,4,25x32,42,0,2,24x32,68,0,6},92x9,0,33{45x9,0,33,0,46x9,46,33,3}]"],
      ["layout even-vertical", "6ed7,92x42,0,0[92x6,0,0,5,92x6,0,7,4,92x6,0,14,2,92x6,0,21,6,92x6,0,28,0,92x7,0,35,3]"],
      ["window 25 31", "4740,25x31,0,0[25x4,0,0,5,25x4,0,5,4,25x4,0,10,2,25x4,0,15,6,25x4,0,20,0,25x6,0,25,3]"],
    ],
  },
  {
    name: "random-r5",
    cols: 95,
    rows: 8,
    steps: [
      ["resize 0 -x 19", "01de,95x8,0,0,0"],
      ["window 46 43", "b45d,46x43,0,0,0"],
      ["layout main-vertical", "b45d,46x43,0,0,0"],
      ["layout main-horizontal", "b45d,46x43,0,0,0"],
      ["split 0 -b -l 7", "d815,46x43,0,0[46x7,0,0,1,46x35,0,8,0]"],
      ["kill 1", "b45d,46x43,0,0,0"],
      ["split 0 -h -l 29%", "1028,46x43,0,0{32x43,0,0,0,13x43,33,0,2}"],
      ["split 0 -h -b", "622e,46x43,0,0{16x43,0,0,3,15x43,17,0,0,13x43,33,0,2}"],
      ["swap 2 3", "e20e,46x43,0,0{16x43,0,0,2,15x43,17,0,0,13x43,33,0,3}"],
      ["resize 3 -L 14", "16b8,46x43,0,0{16x43,0,0,2,1x43,17,0,0,27x43,19,0,3}"],
      ["resize 0 -y 20", "16b8,46x43,0,0{16x43,0,0,2,1x43,17,0,0,27x43,19,0,3}"],
      ["split 3 -h -l 7", "87ff,46x43,0,0{16x43,0,0,2,1x43,17,0,0,19x43,19,0,3,7x43,39,0,4}"],
      ["resize 2 -U 14", "87ff,46x43,0,0{16x43,0,0,2,1x43,17,0,0,19x43,19,0,3,7x43,39,0,4}"],
      ["split 2 -h -b", "bf65,46x43,0,0{8x43,0,0,5,7x43,9,0,2,1x43,17,0,0,19x43,19,0,3,7x43,39,0,4}"],
      ["resize 2 -L 2", "df59,46x43,0,0{8x43,0,0,5,5x43,9,0,2,3x43,15,0,0,19x43,19,0,3,7x43,39,0,4}"],
      ["resize 3 -L 15", "cbf4,46x43,0,0{8x43,0,0,5,5x43,9,0,2,3x43,15,0,0,4x43,19,0,3,22x43,24,0,4}"],
      ["split 3", "1213,46x43,0,0{8x43,0,0,5,5x43,9,0,2,3x43,15,0,0,4x43,19,0[4x21,19,0,3,4x21,19,22,6],22x43,24,0,4}"],
      ["swap 3 6", "123d,46x43,0,0{8x43,0,0,5,5x43,9,0,2,3x43,15,0,0,4x43,19,0[4x21,19,0,6,4x21,19,22,3],22x43,24,0,4}"],
      ["split 5", "eb68,46x43,0,0{8x43,0,0[8x21,0,0,5,8x21,0,22,7],5x43,9,0,2,3x43,15,0,0,4x43,19,0[4x21,19,0,6,4x21,19,22,3],22x43,24,0,4}"],
      ["layout main-vertical", "ae24,46x43,0,0{44x43,0,0,5,1x43,45,0[1x6,45,0,7,1x6,45,7,2,1x6,45,14,0,1x6,45,21,6,1x6,45,28,3,1x8,45,35,4]}"],
      ["layout main-vertical", "ae24,46x43,0,0{44x43,0,0,5,1x43,45,0[1x6,45,0,7,1x6,45,7,2,1x6,45,14,0,1x6,45,21,6,1x6,45,28,3,1x8,45,35,4]}"],
      ["window 69 29", "660e,69x29,0,0{56x29,0,0,5,12x29,57,0[12x3,57,0,7,12x3,57,4,2,12x4,57,8,0,12x4,57,13,6,12x4,57,18,3,12x6,57,23,4]}"],
      ["resize 3 -x 50", "660e,69x29,0,0{18x29,0,0,5,50x29,19,0[50x3,19,0,7,50x3,19,4,2,50x4,19,8,0,50x4,19,13,6,50x4,19,18,3,50x6,19,23,4]}"],
    ],
  },
  {
    name: "random-r6",
    cols: 102,
    rows: 12,
    steps: [
      ["split 0 -h -l 26", "b810,102x12,0,0{75x12,0,0,0,26x12,76,0,1}"],
      ["layout even-horizontal", "7ba0,102x12,0,0{50x12,0,0,0,51x12,51,0,1}"],
      ["split 1 -h -b -f -l 92%", "40e1,102x12,0,0{93x12,0,0,2,3x12,94,0,0,4x12,98,0,1}"],
      ["layout main-horizontal", "a5cc,102x12,0,0[102x10,0,0,2,102x1,0,11{50x1,0,11,0,51x1,51,11,1}]"],
      ["swap 0 1", "65ce,102x12,0,0[102x10,0,0,2,102x1,0,11{50x1,0,11,1,51x1,51,11,0}]"],
      ["split 0 -h -l 35", "0e23,102x12,0,0[102x10,0,0,2,102x1,0,11{50x1,0,11,1,15x1,51,11,0,35x1,67,11,3}]"],
      ["window 96 4", "212a,96x4,0,0[96x2,0,0,2,96x1,0,3{48x1,0,3,1,13x1,49,3,0,33x1,63,3,3}]"],
      ["resize 0 -L 4", "bd33,96x4,0,0[96x2,0,0,2,96x1,0,3{48x1,0,3,1,9x1,49,3,0,37x1,59,3,3}]"],
      ["split 3 -l 4", "ERR no space for new pane"],
      ["split 2 -b -l 26", "ERR no space for new pane"],
      ["resize 5 -U 13", "ERR can't find pane: %5"],
      ["split 3 -h -b -l 15", "c35b,96x4,0,0[96x2,0,0,2,96x1,0,3{48x1,0,3,1,9x1,49,3,0,15x1,59,3,4,21x1,75,3,3}]"],
      ["swap 4 1", "db4f,96x4,0,0[96x2,0,0,2,96x1,0,3{48x1,0,3,4,9x1,49,3,0,15x1,59,3,1,21x1,75,3,3}]"],
      ["split 6 -l 7", "ERR can't find pane: %6"],
      ["resize 0 -x 29", "e28b,96x4,0,0[96x2,0,0,2,96x1,0,3{48x1,0,3,4,29x1,49,3,0,1x1,79,3,1,15x1,81,3,3}]"],
      ["split 2 -l 51%", "ERR no space for new pane"],
      ["split 4 -h -b", "5eb3,96x4,0,0[96x2,0,0,2,96x1,0,3{24x1,0,3,5,23x1,25,3,4,29x1,49,3,0,1x1,79,3,1,15x1,81,3,3}]"],
      ["layout even-horizontal", "99f6,96x4,0,0{15x4,0,0,2,15x4,16,0,5,15x4,32,0,4,15x4,48,0,0,15x4,64,0,1,16x4,80,0,3}"],
      ["swap 1 7", "ERR can't find pane: %7"],
      ["swap 8 8", "ERR can't find pane: %8"],
      ["kill 2", "6da8,96x4,0,0{31x4,0,0,5,15x4,32,0,4,15x4,48,0,0,15x4,64,0,1,16x4,80,0,3}"],
      ["resize 8 -y 37", "ERR can't find pane: %8"],
      ["split 6 -h -l 10", "ERR can't find pane: %6"],
      ["swap 0 8", "ERR can't find pane: %8"],
      ["split 8 -l 56%", "ERR can't find pane: %8"],
    ],
  },
  {
    name: "random-r7",
    cols: 23,
    rows: 21,
    steps: [
      ["window 26 48", "c7dd,26x48,0,0,0"],
      ["resize 0 -U 2", "c7dd,26x48,0,0,0"],
      ["resize 0 -L 5", "c7dd,26x48,0,0,0"],
      ["split 0 -h -b", "e51e,26x48,0,0{13x48,0,0,1,12x48,14,0,0}"],
      ["split 0 -l 24%", "0fb7,26x48,0,0{13x48,0,0,1,12x48,14,0[12x36,14,0,0,12x11,14,37,2]}"],
      ["kill 1", "b80c,26x48,0,0[26x36,0,0,0,26x11,0,37,2]"],
      ["kill 2", "c7dd,26x48,0,0,0"],
      ["window 86 41", "ad5d,86x41,0,0,0"],
      ["resize 0 -U 13", "ad5d,86x41,0,0,0"],
      ["split 0", "85d1,86x41,0,0[86x20,0,0,0,86x20,0,21,3]"],
      ["layout even-vertical", "85d1,86x41,0,0[86x20,0,0,0,86x20,0,21,3]"],
      ["swap 0 0", "85d1,86x41,0,0[86x20,0,0,0,86x20,0,21,3]"],
      ["kill 3", "ad5d,86x41,0,0,0"],
      ["split 0 -h -b -l 31", "e48f,86x41,0,0{31x41,0,0,4,54x41,32,0,0}"],
      ["resize 0 -D 4", "e48f,86x41,0,0{31x41,0,0,4,54x41,32,0,0}"],
      ["kill 4", "ad5d,86x41,0,0,0"],
      ["split 0 -l 19", "be52,86x41,0,0[86x21,0,0,0,86x19,0,22,5]"],
      ["resize 5 -D 9", "9d52,86x41,0,0[86x30,0,0,0,86x10,0,31,5]"],
      ["swap 0 0", "9d52,86x41,0,0[86x30,0,0,0,86x10,0,31,5]"],
      ["split 0 -h -l 27", "54a8,86x41,0,0[86x30,0,0{58x30,0,0,0,27x30,59,0,6},86x10,0,31,5]"],
      ["resize 6 -L 4", "b1e7,86x41,0,0[86x30,0,0{54x30,0,0,0,31x30,55,0,6},86x10,0,31,5]"],
      ["split 5 -h", "b8ac,86x41,0,0[86x30,0,0{54x30,0,0,0,31x30,55,0,6},86x10,0,31{43x10,0,31,5,42x10,44,31,7}]"],
      ["kill 0", "9967,86x41,0,0[86x30,0,0,6,86x10,0,31{43x10,0,31,5,42x10,44,31,7}]"],
      ["window 80 21", "821b,80x21,0,0[80x19,0,0,6,80x1,0,20{40x1,0,20,5,39x1,41,20,7}]"],
    ],
  },
];

describe("window_layout matches tmux 3.3a", () => {
  for (const s of scenarios) {
    test(s.name, () => {
      const r = new Runner(s.cols, s.rows);
      const got = s.steps.map(([op]) => [op, r.run(op)]);
      expect(got).toEqual(s.steps);
    });
  }
});

describe("geometry", () => {
  test("the brief's example: -h -l 20, then -v 25% of the 59-wide pane", () => {
    const l = new Layout(0, 80, 24);
    l.split(0, 1, { horizontal: true, size: { cells: 20 } });
    expect(l.rects().get(1)).toEqual({ x: 60, y: 0, width: 20, height: 24 });
    expect(l.rects().get(0)).toEqual({ x: 0, y: 0, width: 59, height: 24 });
    l.split(0, 2, { horizontal: false, size: { percent: 25 } });
    expect(l.rects().get(2)).toEqual({ x: 0, y: 18, width: 59, height: 6 });
    expect(l.rects().get(0)).toEqual({ x: 0, y: 0, width: 59, height: 17 });
    expect(l.panes()).toEqual([0, 2, 1]);
  });

  test("a split without a size halves, the old pane keeping the extra cell", () => {
    const l = new Layout(0, 80, 24);
    l.split(0, 1, { horizontal: true });
    expect(l.rect(0)).toEqual({ x: 0, y: 0, width: 40, height: 24 });
    expect(l.rect(1)).toEqual({ x: 41, y: 0, width: 39, height: 24 });
    l.split(1, 2, { horizontal: false });
    expect(l.rect(1)?.height).toBe(12);
    expect(l.rect(2)).toEqual({ x: 41, y: 13, width: 39, height: 11 });
  });

  test("rects tile the window with one-cell borders", () => {
    const l = new Layout(0, 80, 24);
    l.split(0, 1, { horizontal: true });
    l.split(1, 2, { horizontal: false });
    l.split(0, 3, { horizontal: false, before: true });
    l.split(2, 4, { horizontal: true, size: { cells: 7 } });
    const covered = Array.from({ length: 24 }, () => new Array<number>(80).fill(0));
    for (const r of l.rects().values()) {
      for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) covered[y]![x]!++;
    }
    expect(covered.flat().every((n) => n <= 1)).toBe(true);
    // Everything not covered is a border cell: 80*24 minus pane area.
    const area = [...l.rects().values()].reduce((a, r) => a + r.width * r.height, 0);
    expect(covered.flat().filter((n) => n === 0).length).toBe(80 * 24 - area);
  });

  test("errors", () => {
    const l = new Layout(0, 3, 3);
    l.split(0, 1, { horizontal: true });
    expect(() => l.split(0, 2, { horizontal: true })).toThrow(new LayoutError("no space for new pane"));
    expect(() => l.split(9, 2, { horizontal: false })).toThrow(LayoutError);
    expect(() => l.split(0, 1, { horizontal: false })).toThrow(LayoutError);
    l.remove(1);
    expect(l.serialize()).toBe(`${layoutChecksum("3x3,0,0,0").toString(16).padStart(4, "0")},3x3,0,0,0`);
    expect(() => l.remove(0)).toThrow(LayoutError);
  });

  test("checksum of a one-pane window is tmux's", () => {
    // tmux 3.3a: new -d -x 80 -y 24 -> #{window_layout} of pane %2 after kills.
    expect(new Layout(2, 80, 24).serialize()).toBe("b25f,80x24,0,0,2");
  });
});

describe("neighbour (select-pane -L/-R/-U/-D)", () => {
  // tmux 3.3a: 80x24, split %0 -h; %1 -v; %0 -v; %2 -h; %3 -h -l 10; %1 -h;
  // then for each pane and direction: select-pane -t %p; select-pane -D; print.
  const golden =
    "0L:6 0R:1 0U:3 0D:3 1L:0 1R:6 1U:2 1D:2 2L:5 2R:4 2U:1 2D:1 3L:4 3R:5 3U:0 3D:0 " +
    "4L:2 4R:3 4U:6 4D:6 5L:3 5R:2 5U:0 5D:0 6L:1 6R:0 6U:4 6D:4";
  test("matches tmux, wrapping around, most recently used first", () => {
    const l = new Layout(0, 80, 24);
    l.split(0, 1, { horizontal: true });
    l.split(1, 2, { horizontal: false });
    l.split(0, 3, { horizontal: false });
    l.split(2, 4, { horizontal: true });
    l.split(3, 5, { horizontal: true, size: { cells: 10 } });
    l.split(1, 6, { horizontal: true });
    expect(l.serialize()).toBe(
      "40a6,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13{29x11,0,13,3,10x11,30,13,5}],39x24,41,0[39x12,41,0{19x12,41,0,1,19x12,61,0,6},39x11,41,13{19x11,41,13,2,19x11,61,13,4}]}",
    );
    const used = new Map<number, number>();
    let clock = 0;
    const out: string[] = [];
    for (const p of [0, 1, 2, 3, 4, 5, 6]) {
      for (const d of ["L", "R", "U", "D"] as const) {
        used.set(p, ++clock);
        const n = l.neighbour(p, d, undefined, (q) => used.get(q) ?? 0);
        if (n !== null) used.set(n, ++clock);
        out.push(`${p}${d}:${n}`);
      }
    }
    expect(out.join(" ")).toBe(golden);
  });

  test("from picks the pane overlapping a position; none when alone", () => {
    const l = new Layout(0, 80, 24);
    l.split(0, 1, { horizontal: true });
    l.split(1, 2, { horizontal: false });
    expect(l.neighbour(0, "R")).toBe(1);
    expect(l.neighbour(0, "R", { x: 10, y: 20 })).toBe(2);
    expect(l.neighbour(0, "U")).toBeNull();
    expect(new Layout(0, 80, 24).neighbour(0, "L")).toBeNull();
  });
});

describe("layout strings", () => {
  const s = "40a6,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13{29x11,0,13,3,10x11,30,13,5}],39x24,41,0[39x12,41,0{19x12,41,0,1,19x12,61,0,6},39x11,41,13{19x11,41,13,2,19x11,61,13,4}]}";
  test("parse round-trips", () => {
    const l = Layout.parse(s);
    expect(l.serialize()).toBe(s);
    expect(l.panes()).toEqual([0, 3, 5, 1, 6, 2, 4]);
    expect([l.cols, l.rows]).toEqual([80, 24]);
  });

  test("bad checksums and syntax are rejected", () => {
    expect(() => Layout.parse(`0000${s.slice(4)}`)).toThrow(new LayoutError("invalid layout"));
    expect(() => Layout.parse("nonsense")).toThrow(LayoutError);
    const body = "80x24,0,0{40x24,0,0[40x10,0,0,0,40x10,0,11,2],39x24,41,0,1}"; // 10+1+10 != 24
    const hex = layoutChecksum(body).toString(16).padStart(4, "0");
    expect(() => Layout.parse(`${hex},${body}`)).toThrow(new LayoutError("size mismatch after applying layout"));
  });

  test("setLayoutString assigns current panes in order and drops extra cells", () => {
    // tmux 3.3a: panes %0 %1 %2 (split -h; split -t %1), then select-layout
    // with the 7-cell string: the bottom-right cells are closed until 3 remain.
    const l = new Layout(0, 80, 24);
    l.split(0, 1, { horizontal: true });
    l.split(1, 2, { horizontal: false });
    l.setLayoutString(s);
    expect(l.serialize()).toBe("b157,80x24,0,0[80x12,0,0,0,80x11,0,13{49x11,0,13,1,30x11,50,13,2}]");
    expect(() => new Layout(0, 80, 24).setLayoutString("b25f,80x24,0,0,2")).not.toThrow();
    const two = new Layout(0, 80, 24);
    two.split(0, 1, { horizontal: true });
    expect(() => two.setLayoutString("b25f,80x24,0,0,2")).toThrow(new LayoutError("have 2 panes but need 1"));
  });
});

describe("invariants under random operations", () => {
  test("panes never overlap, stay inside the layout, and ops only throw LayoutError", () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const dirs: Direction[] = ["L", "R", "U", "D"];
    const names: LayoutName[] = ["even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled"];
    for (let round = 0; round < 50; round++) {
      const l = new Layout(0, 2 + rnd(100), 2 + rnd(40));
      let next = 1;
      for (let i = 0; i < 60; i++) {
        const panes = l.panes();
        const p = panes[rnd(panes.length)] as number;
        try {
          switch (rnd(7)) {
            case 0:
            case 1:
              l.split(p, next++, { horizontal: rnd(2) === 0, before: rnd(4) === 0, size: rnd(2) ? { cells: rnd(50) } : undefined });
              break;
            case 2:
              l.resizePane(p, dirs[rnd(4)] as Direction, rnd(20));
              break;
            case 3:
              if (panes.length > 1) l.remove(p);
              break;
            case 4:
              l.resize(1 + rnd(150), 1 + rnd(60));
              break;
            case 5:
              l.apply(names[rnd(5)] as LayoutName);
              break;
            case 6:
              l.setPaneSize(p, { width: rnd(80), height: rnd(40) });
              break;
          }
        } catch (e) {
          expect(e).toBeInstanceOf(LayoutError);
        }
        const cells = new Uint8Array(l.cols * l.rows);
        let ok = true;
        for (const r of l.rects().values()) {
          ok &&= r.width >= 1 && r.height >= 1 && r.x + r.width <= l.cols && r.y + r.height <= l.rows;
          for (let y = r.y; ok && y < r.y + r.height; y++) {
            for (let x = r.x; x < r.x + r.width; x++) {
              const i = y * l.cols + x;
              ok &&= cells[i] === 0;
              cells[i] = 1;
            }
          }
        }
        expect(ok).toBe(true);
        expect(Layout.parse(l.serialize()).serialize()).toBe(l.serialize());
      }
    }
  });
});
