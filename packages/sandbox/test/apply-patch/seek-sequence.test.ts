import { seekSequence } from '../../src/apply-patch/seek-sequence';
import cases from '../fixtures/apply-patch/seek-cases.json';

describe('seekSequence (whole-line matching, Codex rules)', () => {
  it.each(cases.cases.map((c) => [c.pass ?? 'exact', c] as const))('%s', (_pass, c) => {
    expect(seekSequence(c.lines, c.pattern, c.start, c.eof)).toBe(c.expect ?? undefined);
  });

  it('normalises every listed punctuation character', () => {
    for (const [ascii, codes] of Object.entries(cases.normalisation_map)) {
      for (const code of codes) {
        const fancy = String.fromCodePoint(parseInt(code.slice(2), 16));
        expect(seekSequence([`a${fancy}b`], [`a${ascii}b`], 0, false)).toBe(0);
      }
    }
  });

  it('binds whole lines only, never inside a longer line', () => {
    expect(seekSequence(['  return foo(bar)', 'foo'], ['foo'], 0, false)).toBe(1);
    expect(seekSequence(['xfoo'], ['foo'], 0, false)).toBeUndefined();
  });

  it('tries the end of the file first for an End of File chunk, then searches from the start', () => {
    expect(seekSequence(['a', 'x', 'a'], ['a'], 0, true)).toBe(2);
    expect(seekSequence(['a', 'x', 'y'], ['a'], 0, true)).toBe(0);
  });
});
