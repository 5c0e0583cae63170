import { exposedNames } from '../../src/client/tool-names';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from '../../src/client/retry-backoff';

describe('exposedNames', () => {
  it('prefixes names and keeps valid ones as they are', () => {
    expect([...exposedNames(['read_file', 'get-sum'], 'fs_').values()]).toEqual(['fs_read_file', 'fs_get-sum']);
  });

  it('replaces characters model APIs refuse, and cuts long names to 64 characters with a hash', () => {
    const long = 'x'.repeat(100);
    const names = exposedNames(['files.read', long], '');
    expect(names.get('files.read')).toBe('files_read');
    expect(names.get(long)).toMatch(/^x{55}_[0-9a-f]{8}$/);
  });

  it('gives names that would collide a hash of their own name each, whatever the order', () => {
    const a = exposedNames(['a.b', 'a_b'], '');
    const b = exposedNames(['a_b', 'a.b'], '');
    expect(a.get('a.b')).toMatch(/^a_b_[0-9a-f]{8}$/);
    expect(a.get('a_b')).toMatch(/^a_b_[0-9a-f]{8}$/);
    expect(a.get('a.b')).not.toBe(a.get('a_b'));
    expect(b.get('a.b')).toBe(a.get('a.b'));
  });
});

describe('retryDelayMs (Z-115)', () => {
  it('doubles per attempt and jitters into [d/2, d]', () => {
    expect(retryDelayMs(0, 500, () => 0)).toBe(250);
    expect(retryDelayMs(0, 500, () => 1)).toBe(500);
    expect(retryDelayMs(3, 500, () => 0)).toBe(2000);
    expect(retryDelayMs(3, 500, () => 1)).toBe(4000);
  });

  it('is capped at 30 seconds', () => {
    expect(retryDelayMs(20, 500, () => 1)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(20, 500, () => 0)).toBe(MAX_RETRY_DELAY_MS / 2);
  });
});
