// Element descriptions. E&W bilingual certificates hold `English|Welsh` in one cell: the English part is
// kept. Scottish cells join several elements with ` | `: all meaningful parts are kept.
import { cleanText, firstPart, meaningfulParts } from './text';
import { memoise } from './memo';

function englandWalesDescriptionRule(value: string | null | undefined): string | null {
  return firstPart(cleanText(value));
}

function scottishDescriptionRule(value: string | null | undefined): string | null {
  const parts = meaningfulParts(cleanText(value));
  return parts.length === 0 ? null : parts.join(' | ');
}

export const englandWalesDescription = memoise(englandWalesDescriptionRule);

export const scottishDescription = memoise(scottishDescriptionRule);
