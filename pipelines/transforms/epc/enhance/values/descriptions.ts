// Element descriptions. E&W bilingual certificates hold `English|Welsh` in one cell: the English part is
// kept. Scottish cells join several elements with ` | `: all meaningful parts are kept.
import { cleanText, firstPart, meaningfulParts } from './text';

export function englandWalesDescription(value: string | null | undefined): string | null {
  return firstPart(cleanText(value));
}

export function scottishDescription(value: string | null | undefined): string | null {
  const parts = meaningfulParts(cleanText(value));
  return parts.length === 0 ? null : parts.join(' | ');
}
