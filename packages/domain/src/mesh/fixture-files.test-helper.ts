/// <reference types="node" />
// Tests read the shared fixture models from disk; the domain code itself never does I/O.
// eslint-disable-next-line no-restricted-imports -- test-only file access
import { readFileSync, readdirSync } from 'node:fs';

const FIXTURES = new URL('../../../../fixtures/models/', import.meta.url);

export function fixtureNames(folder: 'stl' | '3mf' | '3mf-invalid'): string[] {
  return readdirSync(new URL(`${folder}/`, FIXTURES)).sort();
}

export function readFixture(folder: 'stl' | '3mf' | '3mf-invalid', name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`${folder}/${encodeURIComponent(name)}`, FIXTURES)));
}

/** The float64 reference numbers made by bench/mesh/make-fixture-references.py (see its "_note"). */
export function readReferences(): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL('./fixture-references.json', import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}
