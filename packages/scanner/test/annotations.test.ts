import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildManifest, readManifest, runCli, scanTools, type CliIo } from '@toolwright/scanner';

const fixture = path.join(__dirname, 'fixtures', 'annotations');

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), cwd: fixture };
  return { code: runCli(argv, io), stdout, stderr };
}

describe('the scanner and risk annotations', () => {
  describe('Z-1, Z-155: the manifest records the annotations and hints @Tool declares', () => {
    it('reads literal booleans, also through a spread constant and next to options it cannot read, and leaves undeclared ones out', () => {
      const { tools, diagnostics } = scanTools(path.join(fixture, 'tsconfig.json'));
      expect(diagnostics).toEqual([]);
      const manifest = buildManifest(tools);
      expect(manifest.tools['FileTools.readFile']).toMatchObject({ annotations: { readOnly: true, openWorld: false } });
      expect(manifest.tools['FileTools.deleteFile']).toMatchObject({
        annotations: { destructive: true, sequential: true, idempotent: true, retrySafe: false },
      });
      expect('annotations' in manifest.tools['FileTools.touch']!).toBe(false);
      // The schema part is unchanged by them.
      expect(manifest.tools['FileTools.touch']!.parameters).toEqual(manifest.tools['FileTools.readFile']!.parameters);
    });

    it('makes `scan --check` report a tool whose risk changed as stale', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-annotations-'));
      try {
        const out = path.join(dir, 'toolwright.schemas.json');
        expect(run('scan', '-p', 'tsconfig.json', '--out', out).code).toBe(0);
        expect(readManifest(out)?.tools['FileTools.readFile']?.annotations).toEqual({ openWorld: false, readOnly: true });
        const manifest = JSON.parse(fs.readFileSync(out, 'utf8'));
        // As if the manifest was written before readFile was declared read-only.
        delete manifest.tools['FileTools.readFile'].annotations;
        fs.writeFileSync(out, JSON.stringify(manifest));
        const check = run('scan', '-p', 'tsconfig.json', '--out', out, '--check');
        expect(check.code).toBe(1);
        expect(check.stderr).toMatch(/stale {5}FileTools\.readFile/);
        expect(check.stderr).not.toMatch(/FileTools\.touch/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
