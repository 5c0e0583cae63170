export { BraveSearchToolkit, MAX_QUERY_LENGTH } from './brave-search.toolkit';
export {
  BRAVE_WEB_SEARCH_ENDPOINT, DEFAULT_RESULT_COUNT, DEFAULT_TIMEOUT_MS, MAX_RESULT_COUNT, resolveCount,
} from './brave-search-options';
export type { BraveSearchOptions, BraveSafeSearch } from './brave-search-options';
export { BraveSearchError } from './brave-search.error';
export { MAX_BODY_BYTES, MAX_ERROR_BODY_BYTES } from './bounded-body';
export { RESULT_FIELD_LIMITS, formatResults } from './search-results';
export type { BraveWebResult, BraveSearchDetails } from './search-results';
export { htmlToText } from './html-text';
