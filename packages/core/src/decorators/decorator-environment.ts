import { UserError } from '../errors/user.error';

const TSCONFIG_FLAGS = '"experimentalDecorators": true and "emitDecoratorMetadata": true';

/**
 * Throws `UserError` unless `reflect-metadata` is loaded. Toolwright reads TypeScript's
 * `design:*` metadata through it; without it parameter types are lost silently.
 */
export function assertReflectMetadata(decorator: string): void {
  const reflect = Reflect as unknown as { getMetadata?: unknown; defineMetadata?: unknown };
  if (typeof reflect.getMetadata !== 'function' || typeof reflect.defineMetadata !== 'function') {
    throw new UserError(
      `${decorator} needs the "reflect-metadata" polyfill, and it is not loaded (Reflect.getMetadata is missing). ` +
        "Fix: `npm install reflect-metadata` and add `import 'reflect-metadata';` once at the top of your entry file, " +
        'before any decorated class is imported (NestJS applications already do this).',
    );
  }
}

/**
 * Throws `UserError` when a decorator is being applied as a TC39 (stage 3) decorator, which is
 * what TypeScript does when `experimentalDecorators` is off: the second argument is then a
 * context object instead of a property key.
 */
export function assertLegacyDecorator(decorator: string, second: unknown): void {
  if (typeof second === 'object' && second !== null && 'kind' in second) {
    throw new UserError(
      `${decorator} was applied as a standard (TC39) decorator, which has no parameter decorators and no type metadata. ` +
        `Fix: set ${TSCONFIG_FLAGS} in the compilerOptions of your tsconfig.json.`,
    );
  }
}

/** The advice for a method whose `design:paramtypes` is missing. */
export function missingDesignMetadataAdvice(): string {
  return (
    `no "design:paramtypes" was emitted for it (the decorator metadata compiler option is off, or the compiler has none). ` +
    `Fix: generate the schemas with \`npx toolwright scan -p tsconfig.json --emit src/toolwright.schemas.ts\` and import that module once ` +
    '(works with every compiler: tsgo, esbuild, tsx, Vite, swc); or compile through the @toolwright/scanner transformer; ' +
    `or emit the metadata: ${TSCONFIG_FLAGS} in tsconfig.json (ts-jest: not isolatedModules; swc: jsc.transform.decoratorMetadata)`
  );
}

type MetadataReflect = { getMetadata(key: string, target: object, property?: string | symbol): unknown };

/** Reads TypeScript's `design:*` metadata through reflect-metadata (checked to be loaded). */
export function readDesignMetadata(key: string, target: object, property?: string | symbol): unknown {
  return (Reflect as unknown as MetadataReflect).getMetadata(key, target, property);
}
