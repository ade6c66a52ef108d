// Construction types from element descriptions (`Cavity wall, as built, insulated (assumed)` → Cavity).
// Descriptions that only quote a U-value (`Average thermal transmittance 0.28 W/m²K`) give no type → null.
import type { FloorType, RoofType, WallType } from '../../../../../schemas/epc';
import { memoise } from '../values/memo';
import { firstPart } from '../values/text';

type Rules<T> = [RegExp, T][];

const WALL_RULES: Rules<WallType> = [
  [/^cavity|ceudod/, 'Cavity'], // Welsh: waliau ceudod
  [/^solid brick|brics solet/, 'Solid brick'],
  [/^(?:granite|whinstone|whin|sandstone|limestone|stone)\b/, 'Stone'],
  [/^timber frame|ffr[aâ]m bren/, 'Timber frame'],
  [/^system built/, 'System built'],
  [/^cob\b/, 'Cob'],
  [/^park home/, 'Park home'],
  [/^curtain wall/, 'Curtain wall'],
];

const ROOF_RULES: Rules<RoofType> = [
  [/^pitched/, 'Pitched'],
  [/^flat/, 'Flat'],
  [/^roof rooms?/, 'Roof room'],
  [/^thatched/, 'Thatched'],
  [/another dwelling above/, 'Another dwelling above'],
  [/other premises above/, 'Other premises above'],
];

const FLOOR_RULES: Rules<FloorType> = [
  [/^solid/, 'Solid'],
  [/^suspended/, 'Suspended'],
  [/another dwelling below/, 'Another dwelling below'],
  [/other premises below/, 'Other premises below'],
  [/^to unheated space/, 'To unheated space'],
  [/^to external air/, 'To external air'],
];

function classify<T>(description: string | null | undefined, rules: Rules<T>): T | null {
  // The first part is the main element (Scottish multi-part values; English part of a bilingual cell).
  const text = firstPart(description ?? null)
    ?.toLowerCase()
    .replace(/^\(|\)$/g, '');
  if (text === undefined) return null;
  return rules.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export const wallsType = memoise((description): WallType | null => classify(description, WALL_RULES));
export const roofType = memoise((description): RoofType | null => classify(description, ROOF_RULES));
export const floorType = memoise((description): FloorType | null => classify(description, FLOOR_RULES));
