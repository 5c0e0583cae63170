// The decorators below read TypeScript's type metadata through the polyfill (a peer dependency).
import 'reflect-metadata';
import { Param, Tool, Toolkit, ToolResult, UserError, toolsOf, type Tool as ToolObject, type Toolset } from '@toolwright/core';
import { applyPatch, type ApplyPatchResult } from '../apply-patch/apply-patch';
import { failureText } from '../apply-patch/failure-text';
import type { Sandbox } from '../sandbox/sandbox';
import { APPLY_PATCH_DESCRIPTION } from './apply-patch-instructions';
import { headTail } from '@toolwright/core/internal';

/** Options of {@link ApplyPatchToolkit}. */
export interface ApplyPatchToolkitOptions {
  /** Largest patch accepted. Default 1 MiB. */
  maxPatchBytes?: number;
  /** Largest file a patch may change or delete. Default 16 MiB. */
  maxFileBytes?: number;
  /** Bytes of the diff shown to the model (its middle is cut). Default 16 KiB. */
  maxOutputBytes?: number;
  /**
   * Offer the tool as OpenAI's built-in `apply_patch` tool: `'auto'` (default) where the model is
   * documented to support it (GPT-5.1 and later on the Responses API), `true` always, `false`
   * never (always the function tool). Either way the same planner applies the patches.
   */
  native?: 'auto' | boolean;
}

/** Most bytes of the diff kept in the result's details for UIs. */
const MAX_DETAILS_DIFF = 256 * 1024;

/**
 * The `apply_patch` tool: edits the sandbox's files with a patch in Codex's format, atomically.
 * Success answers with Codex's summary and a unified diff (`display: 'diff'`); a patch that does
 * not apply answers `apply_patch failed: …` and changes nothing. Destructive.
 */
@Toolkit({ name: 'apply_patch', description: 'Edit files with patches.' })
export class ApplyPatchToolkit implements Toolset {
  /** The toolset's name. */
  readonly name = 'apply_patch';
  private readonly limits: Required<Omit<ApplyPatchToolkitOptions, 'native'>>;
  private readonly native: 'auto' | boolean;
  private bound?: ToolObject[];

  constructor(
    readonly sandbox: Sandbox,
    options: ApplyPatchToolkitOptions = {},
  ) {
    if (!sandbox || typeof sandbox.writeFile !== 'function') throw new UserError('ApplyPatchToolkit needs a Sandbox.');
    this.limits = {
      maxPatchBytes: options.maxPatchBytes ?? 1024 * 1024,
      maxFileBytes: options.maxFileBytes ?? 16 * 1024 * 1024,
      maxOutputBytes: options.maxOutputBytes ?? 16 * 1024,
    };
    for (const [key, value] of Object.entries(this.limits)) {
      if (!Number.isInteger(value) || value <= 0) throw new UserError(`ApplyPatchToolkit: ${key} must be a positive whole number.`);
    }
    this.native = options.native ?? 'auto';
    if (this.native !== 'auto' && typeof this.native !== 'boolean') throw new UserError("ApplyPatchToolkit: native must be 'auto', true or false.");
  }

  /** The toolkit's tool, offered as OpenAI's built-in `apply_patch` where `native` says so. */
  tools(): ToolObject[] {
    this.bound ??= toolsOf(this).map((tool) => (this.native === false ? tool : { ...tool, native: { type: 'apply_patch', when: this.native === true ? 'always' : 'auto' } }));
    return [...this.bound];
  }

  /** @param patch The entire patch, from *** Begin Patch to *** End Patch. */
  @Tool({ name: 'apply_patch', description: APPLY_PATCH_DESCRIPTION, readOnly: false, destructive: true, openWorld: false })
  async applyPatch(@Param('patch', { minLength: 1 }) patch: string): Promise<ToolResult> {
    const size = Buffer.byteLength(patch, 'utf8');
    if (size > this.limits.maxPatchBytes) return ToolResult.error(`apply_patch failed: the patch is ${size} bytes, over the ${this.limits.maxPatchBytes}-byte limit. Split it into smaller patches.`);
    let result: ApplyPatchResult;
    try {
      result = await applyPatch(this.sandbox, patch, { maxFileBytes: this.limits.maxFileBytes });
    } catch (error) {
      return ToolResult.error(failureText(error)).withDisplay('diff');
    }
    return patchResult(result, this.limits.maxOutputBytes);
  }
}

/** The answer to an applied patch: summary and diff for the model, the lists and diff for UIs. */
export function patchResult(result: ApplyPatchResult, maxOutputBytes: number): ToolResult {
  const text = result.diff ? `${result.summary}\n${headTail(result.diff, maxOutputBytes)}` : result.summary;
  return ToolResult.text(text)
    .withDisplay('diff')
    .withDetails({
      added: result.added,
      modified: result.modified,
      deleted: result.deleted,
      moved: result.moved,
      diff: headTail(result.diff, MAX_DETAILS_DIFF),
    });
}
