/**
 * The version of this copy of `@toolwright/core`, named when values of two incompatible copies
 * meet. A test keeps it equal to the version in package.json.
 *
 * @internal
 */
export const CORE_VERSION = '0.1.0';
