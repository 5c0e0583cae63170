// The refund agent, model and helpers of the run store suites: the ones shipped with the
// RunStore contract suite (`@toolwright/core/testing`), so the repository's own store tests use
// exactly what a third-party store's tests get.
export * from '../../packages/core/src/testing/refund-fixtures';
