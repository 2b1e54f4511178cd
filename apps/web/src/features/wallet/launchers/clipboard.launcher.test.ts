import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard.launcher.ts';

const originalExecCommand = document.execCommand;
afterEach(() => {
  document.execCommand = originalExecCommand;
});

describe('copyText', () => {
  it('uses the Clipboard API where it exists', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('goldshop@upi')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('goldshop@upi');
  });

  it('falls back to copying from a hidden text area, and removes it', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      const area = document.querySelector('textarea');
      copied = command === 'copy' && area ? area.value : '';
      return true;
    });
    document.execCommand = execCommand;
    await expect(copyText('goldshop@upi')).resolves.toBe(true);
    expect(copied).toBe('goldshop@upi');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('answers false when neither way works', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    document.execCommand = vi.fn(() => false);
    await expect(copyText('x')).resolves.toBe(false);
  });
});
