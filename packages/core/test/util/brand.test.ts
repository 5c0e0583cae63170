import * as fs from 'fs';
import * as path from 'path';
import { Agent, ToolResult, ToolwrightError, ToolTimeoutError, UserError } from '@toolwright/core';
import { BRAND_FORMAT } from '../../src/util/brand';
import { CORE_VERSION } from '../../src/util/core-version';

const BRAND = Symbol.for('toolwright.brand');

/** A class as another copy of core defines it: its own constructor, carrying a brand. */
function foreignClass(name: string, format = BRAND_FORMAT, version = '9.9.9', base: abstract new (...args: any[]) => object = Object as never) {
  const cls = class extends (base as new (...args: any[]) => object) {};
  Object.defineProperty(cls, BRAND, { value: { key: `toolwright.${name}`, format, version } });
  return cls;
}

describe('brands', () => {
  describe('when a value comes from another copy of core', () => {
    it('instanceof recognises it by its class brand, along its class chain', () => {
      const ForeignBase = foreignClass('ToolwrightError', BRAND_FORMAT, '9.9.9', Error as never);
      const ForeignUserError = foreignClass('UserError', BRAND_FORMAT, '9.9.9', ForeignBase);
      const error = new ForeignUserError();
      expect(error instanceof UserError).toBe(true);
      expect(error instanceof ToolwrightError).toBe(true);
      expect(error instanceof ToolTimeoutError).toBe(false);
      expect(new (foreignClass('ToolResult'))() instanceof ToolResult).toBe(true);
      expect(new (foreignClass('ToolResult'))() instanceof Agent).toBe(false);
    });

    it('refuses one of another value format, naming both versions and how to fix it', () => {
      const Old = foreignClass('ToolResult', BRAND_FORMAT + 1, '7.0.0');
      expect(() => new Old() instanceof ToolResult).toThrow(
        `A ToolResult made by @toolwright/core 7.0.0 (value format ${BRAND_FORMAT + 1}) reached @toolwright/core ${CORE_VERSION} (value format ${BRAND_FORMAT})`,
      );
      expect(() => new Old() instanceof ToolResult).toThrow(/npm ls @toolwright\/core/);
    });
  });

  it('keeps plain instanceof for a user subclass of a branded class', () => {
    class QuotaError extends UserError {}
    expect(new UserError('x') instanceof QuotaError).toBe(false);
    expect(new QuotaError('x') instanceof QuotaError).toBe(true);
    expect(new QuotaError('x') instanceof UserError).toBe(true);
    expect(new (foreignClass('UserError'))() instanceof QuotaError).toBe(false);
  });

  it('is false for primitives, null and plain objects', () => {
    for (const value of [null, undefined, 'text', 1, {}, { content: [] }]) expect(value instanceof ToolResult).toBe(false);
  });

  it('names the version in package.json', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(CORE_VERSION).toBe(manifest.version);
  });
});
