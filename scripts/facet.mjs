// `npm run facet -- <command>`: the operator's command (packages/server/src/cli), run from the compiled
// server (packages/server/dist/facet.mjs, made by `npm run build`). On a development checkout the bundle
// is rebuilt first when a source is newer; a production install (no esbuild, maybe no sources) runs it as is.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SERVER_DIST, buildServer, serverBundleStale } from './build-server.mjs';

const entry = `${SERVER_DIST}/facet.mjs`;
if (serverBundleStale()) await buildServer();
if (!existsSync(entry)) {
  console.error('The operator command is not built: run npm run build (it needs npm install first)');
  process.exit(1);
}
await import(pathToFileURL(entry).href);
