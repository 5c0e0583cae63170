import * as api from '../src';

describe('@toolwright/brave-search public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'BRAVE_WEB_SEARCH_ENDPOINT', 'BraveSearchError', 'BraveSearchToolkit', 'DEFAULT_RESULT_COUNT', 'DEFAULT_TIMEOUT_MS',
      'MAX_QUERY_LENGTH', 'MAX_RESULT_COUNT', 'RESULT_FIELD_LIMITS',
    ]);
  });
});
