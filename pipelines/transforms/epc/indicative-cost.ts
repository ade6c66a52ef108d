// INDICATIVE_COST in recommendations.csv is free text: `£100 - £350`, `£4,000 - £14,000`, `£15`, `2000`,
// or blank. Parsed to a min and max in pounds; a single figure is both.
export interface CostRange {
  min: number | null;
  max: number | null;
}

export function parseIndicativeCost(text: string | null | undefined): CostRange {
  const numbers = [...(text ?? '').matchAll(/£?\s*([0-9][0-9,]*(?:\.[0-9]+)?)/g)]
    .map((m) => Number(m[1]!.replaceAll(',', '')))
    .filter((n) => Number.isFinite(n));
  if (numbers.length === 0) return { min: null, max: null };
  return { min: Math.min(...numbers), max: Math.max(...numbers) };
}
