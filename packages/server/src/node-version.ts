/**
 * Imported first by every entry (the server, the operator's command): on another Node than the one
 * `engines` names, stop with one line before any library that needs Node 24 is loaded. `npm start`,
 * `npm run serve` and `npm run facet` run the workspace's Node 24 (the `node` package) whatever the machine has.
 */
const SUPPORTED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major !== SUPPORTED_MAJOR) {
  console.error(
    `Facet runs on Node ${SUPPORTED_MAJOR} LTS, not Node ${process.versions.node}: start it through npm (npm start, npm run serve, npm run facet), which runs the project's own Node ${SUPPORTED_MAJOR}, or install Node ${SUPPORTED_MAJOR}.`,
  );
  process.exit(1);
}
