import { describe, expect, it, vi } from 'vitest';
import { searchOf } from './step-search';
import { PATHS } from './paths';

describe('the query parameters each step reads', () => {
  it('give the password step only a valid e-mail', () => {
    expect(searchOf(PATHS.loginWithPassword, { username: 'ada@example.com', route: '/x' })).toEqual({ username: 'ada@example.com' });
    expect(searchOf(PATHS.loginWithPassword, { username: 'ada' })).toEqual({ username: undefined });
  });

  it('pre-fill registration from `username`, else `email`', () => {
    expect(searchOf(PATHS.register, { username: 'ada@example.com', email: 'bob@example.com' })).toEqual({ email: 'ada@example.com' });
    expect(searchOf(PATHS.register, { email: 'bob@example.com' })).toEqual({ email: 'bob@example.com' });
  });

  it('take an unknown migration action as a login, and say so on the console (flows 4.11)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(searchOf(PATHS.migration, { email: 'ada@example.com', action: 'register' })).toEqual({ email: 'ada@example.com', action: 'register' });
    expect(error).not.toHaveBeenCalled();
    expect(searchOf(PATHS.migration, { email: 'ada@example.com', action: 'dance' })).toEqual({ email: 'ada@example.com', action: 'login' });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('give a step that reads none of its own nothing, not even what it carries', () => {
    expect(searchOf(PATHS.termsAndConditions, { app: 'portal', route: '/x', token: 't' })).toEqual({});
  });
});
