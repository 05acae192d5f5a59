import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './share-post';

function fakeNavigator(parts: {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
}) {
  vi.stubGlobal('navigator', {
    share: parts.share,
    clipboard: { writeText: parts.writeText ?? (() => Promise.reject(new Error('no clipboard'))) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shareLink', () => {
  it('opens the share sheet when there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    fakeNavigator({ share, writeText });
    expect(await shareLink('Title', 'https://inkwell.test/readblog?id=1')).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Title', url: 'https://inkwell.test/readblog?id=1' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as a choice, not a failure, and copies nothing', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    fakeNavigator({ share: () => Promise.reject(new DOMException('closed', 'AbortError')), writeText });
    expect(await shareLink('Title', 'https://inkwell.test/x')).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet, or it cannot open', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    fakeNavigator({ writeText });
    expect(await shareLink('Title', 'https://inkwell.test/x')).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://inkwell.test/x');

    fakeNavigator({ share: () => Promise.reject(new DOMException('no', 'NotAllowedError')), writeText });
    expect(await shareLink('Title', 'https://inkwell.test/y')).toBe('copied');
  });

  it('says it failed when the clipboard refuses too', async () => {
    fakeNavigator({});
    expect(await shareLink('Title', 'https://inkwell.test/x')).toBe('failed');
  });
});
