// weft's single entry point: the command line, the client and (with --server) the server.
import pkg from "../../package.json" with { type: "json" };

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-V") {
  console.log(`weft ${pkg.version}`);
  process.exit(0);
}
console.error("weft: the command line is not built yet");
process.exit(1);
