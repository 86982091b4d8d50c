import { describe, expect, test } from 'vitest';
import { homePathFor } from './home-path';

describe('where an account lands after login', () => {
  test('pending pros wait on /pending', () => {
    expect(homePathFor({ role: 'designer', status: 'pending', blocked: false })).toBe('/pending');
    expect(homePathFor({ role: 'service', status: 'pending', blocked: false })).toBe('/pending');
  });
  test('blocked accounts go to /no-access', () => {
    expect(homePathFor({ role: 'customer', status: 'active', blocked: true })).toBe('/no-access');
    expect(homePathFor({ role: 'designer', status: 'hold', blocked: true })).toBe('/no-access');
  });
  test('customers open the dashboard, pros their projects, staff the operations console', () => {
    expect(homePathFor({ role: 'customer', status: 'active', blocked: false })).toBe('/dashboard');
    expect(homePathFor({ role: 'staff', status: 'active', blocked: false })).toBe('/ops');
    expect(homePathFor({ role: 'designer', status: 'active', blocked: false })).toBe('/projects');
    expect(homePathFor({ role: 'service', status: 'active', blocked: false })).toBe('/projects');
  });
});
