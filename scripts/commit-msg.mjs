#!/usr/bin/env node
// The commit message rule (issue 29, CONTRIBUTING): a subject of at most 72 characters, a blank line, then
// the reasoning in the body. Run by the `commit-msg` hook in .githooks (installed by `npm install`'s prepare
// through `git config core.hooksPath .githooks`); `--range A..B` checks commits already made.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SUBJECT_MAX = 72;

/** What is wrong with a commit message, in words; empty when it keeps the rule. */
export function commitMessageProblems(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n')
    .trimEnd()
    .split('\n');
  const subject = lines[0]?.trim() ?? '';
  if (!subject) return ['The subject line is empty.'];
  // git's own merges, fixups and reverts say what they are in their subject
  if (/^(Merge |fixup! |squash! |amend! |Revert ")/.test(subject)) return [];
  const problems = [];
  if ([...subject].length > SUBJECT_MAX) {
    problems.push(`The subject has ${[...subject].length} characters; keep it to ${SUBJECT_MAX}.`);
  }
  if (lines.length > 1 && lines[1].trim() !== '') {
    problems.push('Leave the second line blank: the subject, a blank line, then the body.');
  }
  if (lines.slice(2).every((line) => line.trim() === '')) {
    problems.push('Say why in the body, after a blank line: the reasoning behind the change.');
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const rangeAt = args.indexOf('--range');
  const messages =
    rangeAt >= 0
      ? execFileSync('git', ['log', '--format=%H%x00%B%x01', args[rangeAt + 1]], { encoding: 'utf8' })
          .split('\x01')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => entry.split('\x00'))
      : [['this commit', readFileSync(args[0], 'utf8')]];
  let failed = false;
  for (const [commit, message] of messages) {
    const problems = commitMessageProblems(message);
    if (problems.length === 0) continue;
    failed = true;
    console.error(`${commit.slice(0, 12)}: ${message.split('\n')[0]}\n  ${problems.join('\n  ')}`);
  }
  process.exit(failed ? 1 : 0);
}
