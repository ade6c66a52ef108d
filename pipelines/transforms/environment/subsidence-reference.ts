// The maintained subsidence texts (pipelines/reference/subsidence.json), validated once per process: GeoSure's
// letter → class mapping (A/B → 1 Low, C → 2 Moderate, D/E → 3 Significant), default legends, advisories per
// hazard and class, and GeoClimate's default legends. The loaders use it to stage a class and a legend; the
// block uses it for advisories and for keys with nothing loaded.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GEOCLIMATE_CLASSES, SUBSIDENCE_HAZARDS } from '../../../schemas/environment-features';

export const SUBSIDENCE_REFERENCE_FILE = fileURLToPath(
  new URL('../../reference/subsidence.json', import.meta.url),
);

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type GeoSureLetter = (typeof LETTERS)[number];
export const isGeoSureLetter = (s: string): s is GeoSureLetter => (LETTERS as readonly string[]).includes(s);

const text = z.string().min(1);
const byLetter = z.object(
  Object.fromEntries(LETTERS.map((l) => [l, text])) as Record<GeoSureLetter, typeof text>,
);
const byClass = z.object({ '1': text, '2': text, '3': text });

const SubsidenceReferenceSchema = z.object({
  description: z.string(),
  geosure: z.object({
    classOfLetter: z.object(
      Object.fromEntries(LETTERS.map((l) => [l, z.number().int().min(1).max(3)])) as Record<
        GeoSureLetter,
        z.ZodNumber
      >,
    ),
    classNames: byClass,
    hazards: z.object(
      Object.fromEntries(
        SUBSIDENCE_HAZARDS.map((h) => [h, z.object({ title: text, legends: byLetter, advisories: byClass })]),
      ) as Record<
        (typeof SUBSIDENCE_HAZARDS)[number],
        z.ZodObject<{ title: typeof text; legends: typeof byLetter; advisories: typeof byClass }>
      >,
    ),
  }),
  geoclimate: z.object({
    legends: z.object(
      Object.fromEntries(GEOCLIMATE_CLASSES.map((c) => [c, text])) as Record<
        (typeof GEOCLIMATE_CLASSES)[number],
        typeof text
      >,
    ),
    notLoadedLegend: text,
  }),
});
export type SubsidenceReference = z.infer<typeof SubsidenceReferenceSchema>;

/** Parse and validate the file's text; throws naming the wrong fields. */
export function parseSubsidenceReference(
  textIn: string,
  file = SUBSIDENCE_REFERENCE_FILE,
): SubsidenceReference {
  const result = SubsidenceReferenceSchema.safeParse(JSON.parse(textIn));
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${file}: invalid subsidence reference: ${issues}`);
  }
  return result.data;
}

let cached: SubsidenceReference | undefined;
export function subsidenceReference(): SubsidenceReference {
  cached ??= parseSubsidenceReference(readFileSync(SUBSIDENCE_REFERENCE_FILE, 'utf8'));
  return cached;
}

const CLASS_WORDS: Record<string, 1 | 2 | 3> = { low: 1, moderate: 2, significant: 3 };

/**
 * A GeoSure class value as published → its letter (when it is one) and the spec's class 1..3, or null when
 * it is none of: a letter A-E (the 1:50k product), 1-3 or Low/Moderate/Significant (the 5 km hex product).
 */
export function geoSureClass(raw: unknown): { letter: GeoSureLetter | null; cls: 1 | 2 | 3 } | null {
  if (raw === null || raw === undefined) return null;
  const s = String(raw).trim();
  const upper = s.toUpperCase();
  if (isGeoSureLetter(upper))
    return { letter: upper, cls: subsidenceReference().geosure.classOfLetter[upper] as 1 | 2 | 3 };
  if (s === '1' || s === '2' || s === '3') return { letter: null, cls: Number(s) as 1 | 2 | 3 };
  const word = CLASS_WORDS[s.toLowerCase()];
  return word ? { letter: null, cls: word } : null;
}
