import { searchTerms, unicodeSearchTerms } from '../../src/toolsets/search-terms';

// ASCII text is split by a fast path; any other text by the general (Unicode) path. Both must give
// the terms the general path gives: these tests pin the fast path to it.

const ASCII = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));

describe('searchTerms', () => {
  describe('on ASCII text (the fast path)', () => {
    it('splits at every ASCII character exactly as the general path does', () => {
      for (const c of ASCII) {
        const text = `fooBar${c}bazQux${c}${c}HTTPServer${c}v2Beta${c}The ${c}x${c}`;
        expect({ text, terms: searchTerms(text) }).toEqual({ text, terms: unicodeSearchTerms(text) });
      }
    });

    it('splits every pair of ASCII characters inside identifiers exactly as the general path does', () => {
      for (const a of ASCII) {
        for (const b of ASCII) {
          const text = `a${a}${b}Bc${a}D${b}e1${b}${a}F`;
          expect({ text, terms: searchTerms(text) }).toEqual({ text, terms: unicodeSearchTerms(text) });
        }
      }
    });

    it('splits identifiers, drops symbols and stop words, lower-cases', () => {
      expect(searchTerms('getHTTPStatus_v2 fetchV2 v2Beta ABCdef `createEvent` in the API')).toEqual(['get', 'http', 'status', 'v2', 'fetch', 'v2', 'v2', 'beta', 'ab', 'cdef', 'create', 'event', 'api']);
    });
  });

  describe('on text with non-ASCII characters (the general path)', () => {
    it.each([
      ['Größe des Kunden ändern', ['größe', 'des', 'kunden', 'ändern']],
      ['naïve café: créer un événement', ['naïve', 'café', 'créer', 'un', 'événement']],
      ['İstanbul ÉTÉ', ['i̇stanbul', 'été']],
      ['createÜberEvent getÄpfel', ['createüber', 'event', 'getäpfel']],
      ['send\u00a0message\u2003to\u3000Slack', ['send', 'message', 'slack']],
      ['東京の天気 weather', ['東京の天気', 'weather']],
      ['emoji 🚀launch «quoted» — dash', ['emoji', 'launch', 'quoted', 'dash']],
      ['zero\u200bwidth joinerX', ['zero\u200bwidth', 'joiner', 'x']],
    ])('tokenises %j as before', (text, terms) => {
      expect(searchTerms(text)).toEqual(terms);
      expect(unicodeSearchTerms(text)).toEqual(terms);
    });
  });
});
