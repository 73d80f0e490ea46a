import { describe, expect, it, vi } from 'vitest';
import { messageTargets, tellParent } from './parent-message';

describe('messages to the parent window', () => {
  it('go to each allowed origin, one by one', () => {
    const parent = { postMessage: vi.fn() };
    expect(tellParent(parent, ['https://portal.example.com', 'https://admin.example.com'], { action: 'password-change', success: true })).toBe(2);
    expect(parent.postMessage.mock.calls).toEqual([
      [{ action: 'password-change', success: true }, 'https://portal.example.com'],
      [{ action: 'password-change', success: true }, 'https://admin.example.com'],
    ]);
  });

  it('never go to every origin', () => {
    expect(messageTargets(['*', 'https://portal.example.com/path', 'javascript:x', 'https://ok.example.com'])).toEqual(['https://ok.example.com']);
  });

  it('go nowhere without an allowed origin or without a parent', () => {
    const parent = { postMessage: vi.fn() };
    expect(tellParent(parent, [], { action: 'password-change', success: false })).toBe(0);
    expect(tellParent(null, ['https://portal.example.com'], { action: 'password-change', success: false })).toBe(0);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
