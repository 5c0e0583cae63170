import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');

function diagramLayers(): string[][] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('<!-- layers:');
  const open = readme.indexOf('```text\n', start);
  const close = readme.indexOf('```', open + 8);
  const lines = readme.slice(open + 8, close).split('\n').filter((line) => line.trim() !== '');
  // Each line: folder names joined by " · ", then (after two spaces or more) a description.
  return lines.map((line) => line.split(/\s{2,}/)[0].split(' · ').map((name) => name.trim()));
}

describe('core source layout', () => {
  const layers = JSON.parse(readFileSync(join(root, 'layers.json'), 'utf8')) as string[][];

  it('draws in the README the layers of layers.json, top layer first', () => {
    expect(diagramLayers()).toEqual([...layers].reverse());
  });

  it('lists every folder of src/ in exactly one layer', () => {
    const folders = readdirSync(join(root, 'src')).filter((name) => statSync(join(root, 'src', name)).isDirectory()).sort();
    const listed = layers.flat();
    expect([...listed].sort()).toEqual(folders);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
