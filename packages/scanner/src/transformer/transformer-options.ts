import type { SchemaTransformerOptions } from './schema-transformer';
import { TransformerSetupError } from './host-typescript';

const MODES = ['error', 'warn', 'ignore'];

/**
 * Checks the options a host passed (a ts-patch plugin entry, a Nest CLI plugin's `options`,
 * ts-jest's `astTransformers` options): other keys of a plugin entry (`transform`, `name`) are
 * left alone. Throws {@link TransformerSetupError} naming the bad option.
 */
export function checkTransformerOptions(options: unknown): SchemaTransformerOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') {
    throw new TransformerSetupError(`@toolwright/scanner/transformer: options must be an object, got ${typeof options}.`);
  }
  const { coreModules, diagnostics, typescript } = options as Record<string, unknown>;
  if (diagnostics !== undefined && !MODES.includes(diagnostics as string)) {
    throw new TransformerSetupError(
      `@toolwright/scanner/transformer: "diagnostics" must be one of ${MODES.map((mode) => `"${mode}"`).join(', ')}, got ${JSON.stringify(diagnostics)}.`,
    );
  }
  if (coreModules !== undefined && !(Array.isArray(coreModules) && coreModules.length > 0 && coreModules.every((m) => typeof m === 'string' && m !== ''))) {
    throw new TransformerSetupError(
      '@toolwright/scanner/transformer: "coreModules" must be a non-empty array of module specifiers, e.g. ["@toolwright/core"].',
    );
  }
  return {
    coreModules: coreModules as string[] | undefined,
    diagnostics: diagnostics as SchemaTransformerOptions['diagnostics'],
    typescript,
  };
}
