import 'reflect-metadata';
import { UserError } from '@toolwright/core';
import { BraveSearchToolkit } from '../src';
import { resolveCount } from '../src/brave-search-options';
import { resolveBraveSearchOptions } from '../src/brave-search-options';

describe('BraveSearchToolkit options', () => {
  describe('the API key (Z-147)', () => {
    it('is refused at construction when neither options.apiKey nor BRAVE_API_KEY is set', () => {
      const saved = process.env.BRAVE_API_KEY;
      delete process.env.BRAVE_API_KEY;
      try {
        expect(() => new BraveSearchToolkit()).toThrow(UserError);
        expect(() => new BraveSearchToolkit({ apiKey: '  ' })).toThrow('bravesearch: no API key (set options.apiKey or BRAVE_API_KEY)');
      } finally {
        if (saved !== undefined) process.env.BRAVE_API_KEY = saved;
      }
    });

    it('comes from BRAVE_API_KEY when the option is not given, and the option wins over it', () => {
      expect(resolveBraveSearchOptions({}, { BRAVE_API_KEY: 'from-env' }).apiKey).toBe('from-env');
      expect(resolveBraveSearchOptions({ apiKey: 'from-options' }, { BRAVE_API_KEY: 'from-env' }).apiKey).toBe('from-options');
    });

    it('refuses a key with a line break (it would become a second header)', () => {
      expect(() => resolveBraveSearchOptions({ apiKey: 'abc\r\nX-Evil: 1' }, {})).toThrow('line break');
    });
  });

  describe('count (Z-148)', () => {
    it.each([
      [undefined, 5],
      [0, 5],
      [-3, 5],
      [1, 1],
      [7, 7],
      [20, 20],
      [21, 20],
      [1_000_000, 20],
      [Infinity, 20],
      [-Infinity, 5],
      [7.9, 7],
      [0.5, 1],
    ])('%p → %p', (given, expected) => {
      expect(resolveCount(given)).toBe(expected);
    });

    it('refuses NaN and non-numbers naming the option', () => {
      expect(() => resolveCount(NaN)).toThrow('count must be a number');
      expect(() => resolveCount('5' as unknown as number)).toThrow('count must be a number');
    });
  });

  describe('the fixed query parameters', () => {
    it('are sent only when set, under Brave\'s names', () => {
      expect(resolveBraveSearchOptions({ apiKey: 'k' }, {}).fixedParams).toEqual([]);
      expect(
        resolveBraveSearchOptions({ apiKey: 'k', country: 'DE', searchLang: 'pt-br', safeSearch: 'strict', freshness: '2024-01-01to2024-06-30' }, {}).fixedParams,
      ).toEqual([
        ['country', 'DE'],
        ['search_lang', 'pt-br'],
        ['safesearch', 'strict'],
        ['freshness', '2024-01-01to2024-06-30'],
      ]);
    });

    it.each([
      [{ country: 'Germany' }, 'country'],
      [{ country: 'D&E' }, 'country'],
      [{ searchLang: 'english please' }, 'searchLang'],
      [{ safeSearch: 'none' }, 'safeSearch'],
      [{ freshness: 'yesterday' }, 'freshness'],
      [{ freshness: '2024-01-01' }, 'freshness'],
      [{ endpoint: 'ftp://example.com/search' }, 'endpoint'],
      [{ endpoint: 'not a url' }, 'endpoint'],
      [{ timeoutMs: 0 }, 'timeoutMs'],
      [{ timeoutMs: Infinity }, 'timeoutMs'],
      [{ fetch: 'fetch' }, 'fetch'],
    ])('refuses %p with a UserError naming %s', (options, name) => {
      let error: unknown;
      try {
        resolveBraveSearchOptions({ apiKey: 'k', ...(options as object) }, {});
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toContain(name);
    });
  });
});
