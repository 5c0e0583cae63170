import * as fs from 'fs';
import * as path from 'path';
import { formatDiagnostic, scanTools, type ScanResult } from '@toolwright/scanner';
import { expectGolden } from './golden';

const fixtures = path.join(__dirname, 'fixtures', 'schemas');
const fixtureFiles = fs
  .readdirSync(fixtures)
  .filter((file) => file.endsWith('.ts'))
  .sort();

describe('scanTools', () => {
  let result: ScanResult;

  beforeAll(() => {
    result = scanTools(path.join(fixtures, 'tsconfig.json'));
  });

  describe.each(fixtureFiles)('on fixture %s', (file) => {
    it('produces the golden schemas and diagnostics', () => {
      const fileName = path.join(fixtures, file);
      const tools = Object.fromEntries(
        result.tools.filter((tool) => path.resolve(tool.fileName) === fileName).map((tool) => [tool.key, tool.schema]),
      );
      const diagnostics = result.diagnostics
        .filter((diagnostic) => path.resolve(diagnostic.fileName) === fileName)
        .map((diagnostic) => formatDiagnostic(diagnostic, fixtures));
      expect(Object.keys(tools).length).toBeGreaterThan(0);
      expectGolden(path.join(fixtures, '__goldens__', file.replace(/\.ts$/, '.json')), { tools, diagnostics });
    });
  });
});
