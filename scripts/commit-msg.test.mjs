import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitMessageProblems } from './commit-msg.mjs';

const hook = join(import.meta.dirname, 'commit-msg.mjs');

describe('the commit message rule', () => {
  it('takes a short subject, a blank line and the reasoning', () => {
    expect(
      commitMessageProblems('Orders: stages as text codes\n\nAdding a stage renumbered rows.\n'),
    ).toEqual([]);
  });

  it('refuses a long subject, a missing blank line, a missing body, an empty message', () => {
    const long = 'Payments: settle every pending payment with the gateway when the database returns';
    expect(commitMessageProblems(`${long}\n\nWhy.`)).toEqual([
      `The subject has ${long.length} characters; keep it to 72.`,
    ]);
    expect(commitMessageProblems('Subject\nno blank line\n\nThe reasoning.\n')).toEqual([
      'Leave the second line blank: the subject, a blank line, then the body.',
    ]);
    expect(commitMessageProblems('Subject only\n')).toEqual([
      'Say why in the body, after a blank line: the reasoning behind the change.',
    ]);
    expect(commitMessageProblems('# only a comment\n\n')).toEqual(['The subject line is empty.']);
  });

  it("counts characters, not UTF-16 units, and lets git's merges and fixups through", () => {
    expect(commitMessageProblems(`${'é'.repeat(72)}\n\nWhy.`)).toEqual([]);
    expect(commitMessageProblems(`${'😀'.repeat(72)}\n\nWhy.`)).toEqual([]);
    expect(commitMessageProblems("Merge branch 'i29-modules'\n")).toEqual([]);
    expect(commitMessageProblems('fixup! Orders: stages\n')).toEqual([]);
  });

  it('as the hook: exits 1 with the reason, 0 for a good message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'commit-msg-'));
    const file = join(dir, 'COMMIT_EDITMSG');
    writeFileSync(file, 'Subject only\n# Please enter the commit message\n');
    let failure;
    try {
      execFileSync(process.execPath, [hook, file], { stdio: 'pipe' });
    } catch (error) {
      failure = error;
    }
    expect(failure?.status).toBe(1);
    expect(String(failure?.stderr)).toContain('Say why in the body');
    writeFileSync(file, 'A subject\n\nThe reasoning.\n');
    expect(() => execFileSync(process.execPath, [hook, file], { stdio: 'pipe' })).not.toThrow();
  });
});
