import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrationAction } from './migration';

afterEach(() => vi.restoreAllMocks());

describe('the migration action', () => {
  it('is login or register', () => {
    expect(migrationAction('login')).toBe('login');
    expect(migrationAction('register')).toBe('register');
  });

  it('falls back to login for an unknown action, and logs the error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(migrationAction('delete')).toBe('login');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('Unknown migration action "delete"');
  });
});

describe('a migration link without an action', () => {
  it('is a login', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(migrationAction(undefined)).toBe('login');
    expect(error).not.toHaveBeenCalled();
  });
});
