import type { SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { Item } from '@toolwright/core';

/**
 * Where the items of this package keep what the provider attached to a part of its answer (a
 * thinking block's signature, Gemini's thought signature, ids), to send it back unchanged:
 * messages and function calls under `providerData.providerMetadata`, reasoning items under
 * `providerMetadata` beside `text` and the `provider` family that produced them.
 */
export const METADATA_KEY = 'providerMetadata';

/** The provider metadata an item carries, as the `providerOptions` to send back with it. */
export function providerMetadataOf(item: Item): SharedV3ProviderMetadata | undefined {
  const holder = item.type === 'reasoning' ? (item as Record<string, unknown>) : (item as { providerData?: Record<string, unknown> }).providerData;
  const value = holder?.[METADATA_KEY];
  return isRecord(value) && Object.keys(value).length > 0 ? (value as SharedV3ProviderMetadata) : undefined;
}

/** The provider family that produced a reasoning item of this package (`undefined` for others). */
export function reasoningFamilyOf(item: Item & { type: 'reasoning' }): string | undefined {
  return typeof item.provider === 'string' ? item.provider : undefined;
}

/** `{ providerMetadata }` for an item's `providerData`, or `undefined` when there is none. */
export function providerData(metadata: SharedV3ProviderMetadata | undefined): Record<string, unknown> | undefined {
  return metadata && Object.keys(metadata).length > 0 ? { [METADATA_KEY]: metadata } : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `previous` with `added` merged in, per provider key (the later value wins key by key). */
export function mergeMetadata(previous: SharedV3ProviderMetadata | undefined, added: SharedV3ProviderMetadata): SharedV3ProviderMetadata {
  const merged: SharedV3ProviderMetadata = { ...previous };
  for (const [provider, values] of Object.entries(added)) merged[provider] = { ...previous?.[provider], ...values };
  return merged;
}
