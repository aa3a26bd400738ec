// The layering of src/ (ARCHITECTURE.md, "Folders"), checked by `npm run depcheck` in CI.
// Parsed with swc: TypeScript 7 (our typechecker) has no compiler API for dependency-cruiser, so
// a type-only import counts as an import here, which makes every rule hold for types too.

/** A module's folder: src/mux/<part>, src/cli/commands, src/cli, src/pty or src/render. */
const FOLDER = "^(src/(?:mux/[^/]+|cli/commands|cli|pty|render))/[^/]+$";

module.exports = {
  forbidden: [
    {
      name: "no-cycle-across-folders",
      comment: "A cycle of imports (types included) may stay inside one folder; one that crosses folders means a layer knows the one above it.",
      severity: "error",
      from: { path: FOLDER },
      to: { circular: true, via: { pathNot: "^$1/[^/]+$" } },
    },
    {
      name: "model-imports-only-pty",
      comment: "The model (sessions, windows, panes, layout, options, the notifier) imports nothing of the rest of src/mux, of src/cli or src/render: only src/pty and libraries.",
      severity: "error",
      from: { path: "^src/mux/model/" },
      to: { path: "^src/", pathNot: ["^src/mux/model/", "^src/pty/"] },
    },
    {
      name: "lang-imports-only-model",
      comment: "The command language (parsing, targets, formats, keys, bindings) depends on the model, never on the server, a client or the command line.",
      severity: "error",
      from: { path: "^src/mux/lang/" },
      to: { path: "^src/", pathNot: ["^src/mux/lang/", "^src/mux/model/", "^src/pty/"] },
    },
    {
      name: "client-never-imports-server",
      comment: "A client reaches the server through its ClientHost interface (client/host.ts).",
      severity: "error",
      from: { path: "^src/mux/client/" },
      to: { path: ["^src/mux/server/", "^src/cli/"] },
    },
    {
      name: "server-never-imports-cli",
      comment: "The server runs the command table it is given; it does not know src/cli.",
      severity: "error",
      from: { path: "^src/mux/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "render-never-imports-mux",
      comment: "The renderer reads views handed to it; it knows nothing of panes, sessions or clients.",
      severity: "error",
      from: { path: "^src/render/" },
      to: { path: ["^src/mux/", "^src/cli/", "^src/pty/"] },
    },
    {
      name: "pty-imports-nothing-of-weft",
      comment: "src/pty knows nothing of panes, layouts, xterm or rendering.",
      severity: "error",
      from: { path: "^src/pty/" },
      to: { path: ["^src/mux/", "^src/render/", "^src/cli/"] },
    },
    {
      name: "no-unresolvable",
      comment: "Every relative import names a file that exists.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    moduleSystems: ["es6"],
  },
};
