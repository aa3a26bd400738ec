// Format variables whose values differ by nature between two servers (process ids, times,
// terminals, the socket, host, user, version, and tmux's own memory accounting): tests that
// compare weft's values with tmux's goldens compare these by shape.
const TIME = /^\d{10}$/;

export const VALUE_SHAPES: Readonly<Record<string, RegExp>> = {
  pid: /^\d+$/,
  pane_pid: /^\d+$/,
  pane_tty: /^\/dev\/pts\/\d+$/,
  socket_path: /^\/.+/,
  start_time: TIME,
  session_created: TIME,
  session_activity: TIME,
  window_activity: TIME,
  host: /^.+$/,
  host_short: /^.+$/,
  pane_title: /^.+$/,
  uid: /^\d+$/,
  user: /^.+$/,
  version: /^.+$/,
  history_bytes: /^\d+$/,
  history_all_bytes: /^\d+(,\d+){5}$/,
};
