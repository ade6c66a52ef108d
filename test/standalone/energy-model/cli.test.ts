// What `pds energy-model run` and `engine` print, without spawning the CLI.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerEnergyModelLine } from '../../../serving/energy-model/bulk';
import { formatEngineResult } from '../../../serving/energy-model/engine/format';
import { runEngine } from '../../../serving/energy-model/engine/index';

const examples = new URL('../../../serving/energy-model/examples/', import.meta.url);

describe('energy-model run: one answer per line, as the API would give it', () => {
  it('answers the example requests: five responses and one 400 naming building_age_band', () => {
    const lines = readFileSync(new URL('requests.jsonl', examples), 'utf8').split('\n').filter(Boolean);
    const answers = lines.map(answerEnergyModelLine) as Record<string, any>[];
    expect(answers.filter((a) => 'total_energy_usage' in a)).toHaveLength(5);
    expect(answers[5]!.error.code).toBe('invalid_parameter');
    expect(answers[5]!.error.details.issues[0].field).toBe('building_age_band');
  });

  it('a line that is not JSON, or an unknown postcode area, gets an error body', () => {
    expect((answerEnergyModelLine('{oops') as any).error.code).toBe('invalid_json');
    const unknown = answerEnergyModelLine(
      '{"location":"QQ1 1AA","building_type":"Flat","construction_year":1990}',
    );
    expect((unknown as any).error.details.issues[0].field).toBe('location');
  });
});

describe('energy-model engine', () => {
  it('prints a row per intermediate result with twelve months and annual sums', () => {
    const dwelling = JSON.parse(readFileSync(new URL('dwelling.json', examples), 'utf8'));
    const text = formatEngineResult(runEngine(dwelling));
    for (const label of [
      'heat transfer H W/K',
      'utilisation factor',
      'mean internal °C',
      'space heating demand kWh',
    ])
      expect(text).toContain(label);
    const row = text.split('\n').find((l) => l.startsWith('space heating demand kWh'))!;
    expect(row.trim().split(/\s+/).slice(4)).toHaveLength(13);
  });
});
