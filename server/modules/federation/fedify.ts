/**
 * Fedify's modules, loaded on first use. @fedify/vocab is the whole Activity Vocabulary, generated:
 * importing it costs about 0.7 s and 50 MB of memory on these machines (decision 70), which an
 * instance nobody on the social web has asked anything of need not pay, nor every test that builds
 * an app. The first request that needs them waits for the import once.
 */
let vocabulary: Promise<typeof import('@fedify/vocab')> | undefined;
let framework: Promise<typeof import('@fedify/fedify')> | undefined;
let temporal: Promise<typeof import('@js-temporal/polyfill')> | undefined;

export const loadVocab = () => (vocabulary ??= import('@fedify/vocab'));
export const loadFedify = () => (framework ??= import('@fedify/fedify'));

/** An ISO timestamp as the Temporal.Instant @fedify/vocab's dates are. */
export async function instant(iso: string) {
  const { Temporal } = await (temporal ??= import('@js-temporal/polyfill'));
  return Temporal.Instant.from(iso);
}
