// A pane's history as compact logical lines (issue 21) instead of xterm's full-width cell rows:
// the store, the xterm views and moves that connect it to a pane's terminal, and capture's text.
export { HistoryStore } from "./store.ts";
export { readColumns, rowOf, rowCellsOf, rowTextOf, type ColumnRow, type RowPlace } from "./rows.ts";
export { LogicalLine } from "./line.ts";
export { HistoryCell, HistoryRow } from "./cell.ts";
export { packFg, packBg, sgrChange } from "./attrs.ts";
export { pushPlainText, type PlainTextOptions, type CharProperties } from "./plain-text.ts";
export { captureRows, type CaptureRowsOptions } from "./capture.ts";
export { drainScrollback, historyBuffer, lendLines, resizeWithHistory, charPropertiesOf, currentAttrs } from "./xterm.ts";
