import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** Declarations standing in for `@toolwright/core` in throwaway projects (the scanner only reads types). */
const CORE_STUB = `
export declare function Tool(options?: object, embedded?: unknown): MethodDecorator;
export declare function Param(name: string, options?: object): ParameterDecorator;
export declare function Args(): ParameterDecorator;
export declare function Output(embedded?: unknown): ClassDecorator;
export declare class Agent { constructor(config: object); }
`;

/** A throwaway project under os.tmpdir(): `tsconfig.json` (outDir `dist`) and the given sources under `src/`. */
export function stubProject(sources: Record<string, string>): { dir: string; write(file: string, text: string): void; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-project-'));
  const write = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('core-stub/index.d.ts', CORE_STUB);
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'commonjs', strict: true, experimentalDecorators: true, skipLibCheck: true,
        outDir: 'dist', rootDir: 'src', types: [], baseUrl: '.', paths: { '@toolwright/core': ['core-stub/index.d.ts'] },
      },
      include: ['src'],
    }),
  );
  for (const [file, text] of Object.entries(sources)) write(path.join('src', file), text);
  return { dir, write: (file, text) => write(path.join('src', file), text), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A toolkit with one tool whose parameter type is given. */
export function toolkitSource(parameterType: string): string {
  return `import { Param, Tool } from '@toolwright/core';

export class Counter {
  /** Counts things. */
  @Tool()
  count(@Param('what') what: ${parameterType}): number {
    return JSON.stringify(what).length;
  }
}
`;
}
