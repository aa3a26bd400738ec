// The renderer: composes frames from pane models, diffs and encodes them per
// client, and paces painting. Knows nothing of PTYs or sockets.

export { Attr, Frame, type Cursor, type CursorShape } from "./frame.ts";
export { charText } from "./graphemes.ts";
export {
  composeFrame,
  drawText,
  packColor,
  type BoxCell,
  type BoxView,
  type Color,
  type FrameInput,
  type Highlight,
  type Overlay,
  type PaneMark,
  type PaneView,
  DEFAULT_BORDERS,
} from "./compose.ts";
export { type BorderOptions, type BorderLines, type BorderIndicators, type PaneBorderStatus } from "./borders.ts";
export { packTmuxColour, packTmuxAttr, packTmuxStyle, DEFAULT_CELL_STYLE, type CellStyle, type StyledCell } from "./styled.ts";
export { ClientScreen, type ClientScreenOptions } from "./encoder.ts";
export { FramePacer, FRAME_INTERVAL_MS, type FramePacerOptions, type PacerClock } from "./pacer.ts";
export { forgetPane, invalidatePane, readAttrs, syncHold, SYNC_HOLD_TIMEOUT_MS } from "./pane-cache.ts";
