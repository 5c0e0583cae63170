import * as path from 'path';
import type * as ts from 'typescript';
import { loadProgram } from '@toolwright/scanner';
import { stubProject, toolkitSource } from './stub-project';

describe('loadProgram', () => {
  it("shares unchanged declaration files between a process's programs, and parses the project's own files and changed declarations again", () => {
    const project = stubProject({ 'counter.ts': toolkitSource('string') });
    try {
      const tsconfig = path.join(project.dir, 'tsconfig.json');
      const stub = path.join(project.dir, 'core-stub', 'index.d.ts');
      const first = loadProgram(tsconfig).program;
      const second = loadProgram(tsconfig).program;
      const lib = first.getSourceFiles().find((file) => path.basename(file.fileName).startsWith('lib.es'));
      expect(lib).toBeDefined();
      // Compared as booleans: a failure would otherwise print the whole syntax tree.
      const same = (a: ts.Program, b: ts.Program, fileName: string): boolean => a.getSourceFile(fileName) === b.getSourceFile(fileName);
      expect(same(first, second, lib?.fileName ?? '')).toBe(true);
      expect(same(first, second, stub)).toBe(true);
      expect(same(first, second, path.join(project.dir, 'src', 'counter.ts'))).toBe(false);

      project.write('../core-stub/index.d.ts', 'export declare function Tool(): MethodDecorator;\nexport declare function Param(name: string): ParameterDecorator;\n');
      const third = loadProgram(tsconfig).program;
      expect(same(first, third, stub)).toBe(false);
      expect(third.getSourceFile(stub)?.text).toContain('Param(name: string): ParameterDecorator;');
      expect(same(first, third, lib?.fileName ?? '')).toBe(true);
    } finally {
      project.remove();
    }
  });
});
