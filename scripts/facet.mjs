// `npm run facet -- <command>`: the operator's command (packages/server/src/cli), run from the compiled
// server (packages/server/dist/facet.mjs, made by `npm run build`). On a development checkout the bundle
// is rebuilt first when a source is newer; a production install (no esbuild, maybe no sources) runs it as is.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SERVER_DIST, ensureServerBundle } from './build-server.mjs';

const entry = `${SERVER_DIST}/facet.mjs`;
await ensureServerBundle();
if (!existsSync(entry)) {
  console.error('The operator command is not built: run npm run build (it needs npm install first)');
  process.exit(1);
}
// the bundle runs itself only as the program (node packages/server/dist/facet.mjs); imported, it is called
const { runCli } = await import(pathToFileURL(entry).href);
const code = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exit(code);
