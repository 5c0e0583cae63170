export { BraveSearchToolkit, MAX_QUERY_LENGTH } from './brave-search.toolkit';
export { BRAVE_WEB_SEARCH_ENDPOINT, DEFAULT_RESULT_COUNT, DEFAULT_TIMEOUT_MS, MAX_RESULT_COUNT } from './brave-search-options';
export type { BraveSearchOptions, BraveSafeSearch } from './brave-search-options';
export { BraveSearchError } from './brave-search.error';
export { RESULT_FIELD_LIMITS } from './search-results';
export type { BraveWebResult, BraveSearchDetails } from './search-results';
