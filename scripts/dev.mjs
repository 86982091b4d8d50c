#!/usr/bin/env node
// `npm run dev`: the API (restarting on change) on :3000 and the Vite dev server on :5173 with hot reload.
import { spawn } from 'node:child_process';

const children = [
  spawn(
    'node',
    [
      '--watch-path=packages/server/src',
      '--watch-path=packages/domain/src',
      '--import',
      'tsx',
      'packages/server/src/main.ts',
    ],
    {
      stdio: 'inherit',
    },
  ),
  spawn('npx', ['vite', '--port', '5173'], { cwd: 'packages/web', stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && (stop(), process.exit(code)));
