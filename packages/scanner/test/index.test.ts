import * as api from '../src';
import * as transformer from '../src/transformer';

describe('@toolwright/scanner public surface', () => {
  it('exports exactly these runtime names from the package root', () => {
    // Grouped as in src/index.ts. Adding or removing a runtime export must update this list.
    const expected = [
      // Scanning and diagnostics
      'scanTools', 'loadProgram', 'parseTsconfig', 'formatDiagnostic', 'describeDiagnostic', 'toCompilerDiagnostic', 'TOOLWRIGHT_DIAGNOSTIC_CODE',
      // Schema rules
      'findStrictIssues',
      // Manifest
      'MANIFEST_FILE', 'buildManifest', 'serializeManifest', 'readManifest', 'compareManifests', 'hasDrift',
      // Generated module
      'generatedModuleText', 'manifestOfGeneratedModule', 'flavorOf',
      // Transformer and CLI
      'createSchemaTransformer', 'embeddedSchemaText', 'SUPPORTED_TYPESCRIPT', 'TransformerSetupError', 'runCli', 'startBuildWatch',
    ];
    expect(Object.keys(api).sort()).toEqual([...expected].sort());
  });

  it('exports the ts-patch, ts-jest and Nest CLI entry points from @toolwright/scanner/transformer', () => {
    // ts-patch calls the default export; ts-jest calls `factory` and reads `name` and `version`;
    // the Nest CLI calls `before(options, program)`.
    expect(Object.keys(transformer).sort()).toEqual(
      ['SUPPORTED_TYPESCRIPT', 'TOOLWRIGHT_DIAGNOSTIC_CODE', 'TransformerSetupError', 'before', 'createSchemaTransformer', 'default', 'factory', 'name', 'version'].sort(),
    );
    expect(typeof transformer.default).toBe('function');
    expect(typeof transformer.factory).toBe('function');
    expect(transformer.before.length).toBe(2);
    expect(transformer.name).toBe('toolwright-schema-transformer');
    expect(transformer.createSchemaTransformer).toBe(api.createSchemaTransformer);
  });
});
