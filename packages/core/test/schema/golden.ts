import * as fs from 'fs';
import * as path from 'path';

/** Whether goldens are being rewritten (`UPDATE_GOLDENS=1 npx jest ...`). */
export const UPDATING_GOLDENS = process.env.UPDATE_GOLDENS === '1';

/** Compares `actual` with the JSON golden file at `file`; with `UPDATE_GOLDENS=1` writes it instead. */
export function expectGolden(file: string, actual: unknown): void {
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (UPDATING_GOLDENS) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return;
  }
  if (!fs.existsSync(file)) throw new Error(`golden file ${file} is missing — run the test with UPDATE_GOLDENS=1 to create it`);
  expect(JSON.parse(text)).toEqual(JSON.parse(fs.readFileSync(file, 'utf8')));
}
