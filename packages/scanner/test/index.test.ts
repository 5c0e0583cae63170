import * as api from '../src';
import * as transformer from '../src/transformer';

describe('@toolwright/scanner public surface', () => {
  it('exports exactly these runtime names from the package root', () => {
    // Grouped as in src/index.ts. Adding or removing a runtime export must update this list.
    const expected = [
      // Scanning and diagnostics
      'scanTools', 'loadProgram', 'parseTsconfig', 'formatDiagnostic',
      // Schema rules
      'findStrictIssues',
      // Manifest
      'MANIFEST_FILE', 'buildManifest', 'serializeManifest', 'readManifest', 'compareManifests', 'hasDrift',
      // Transformer and CLI
      'createSchemaTransformer', 'embeddedForm', 'embeddedSchemaText', 'runCli',
    ];
    expect(Object.keys(api).sort()).toEqual([...expected].sort());
  });

  it('exports the ts-patch and ts-jest entry points from @toolwright/scanner/transformer', () => {
    // ts-patch calls the default export; ts-jest calls `factory` and reads `name` and `version`.
    expect(Object.keys(transformer).sort()).toEqual(['createSchemaTransformer', 'default', 'factory', 'name', 'version']);
    expect(typeof transformer.default).toBe('function');
    expect(typeof transformer.factory).toBe('function');
    expect(transformer.name).toBe('toolwright-schema-transformer');
    expect(transformer.createSchemaTransformer).toBe(api.createSchemaTransformer);
  });
});
