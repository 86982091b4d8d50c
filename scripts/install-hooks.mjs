#!/usr/bin/env node
// `npm install` (prepare): points git at the project's hooks (.githooks: the commit message rule). Does
// nothing outside a git checkout (an npm tarball, a Docker build context).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.git')) {
  try {
    execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { stdio: 'ignore' });
  } catch {
    // no git on this machine: nothing to install
  }
}
