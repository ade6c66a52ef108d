// Main fuel. Published values mix register codes' texts (`mains gas (not community)`), retired entries
// (`... - this is for backwards compatibility only and should not be used`), category prefixes
// (`Gas: mains gas`, `Community heating schemes: heat from boilers - biomass`) and product detail
// (`bulk wood pellets`). Standard form: a base fuel, with ` (community)` when a community scheme supplies it.
import type { BaseFuel, MainFuel } from '../../../../../schemas/epc';
import { categoryKey } from './normalise';
import { memoise } from '../values/memo';

// Ordered: the first rule whose pattern matches wins, so specific fuels come before the general ones
// (`rapeseed oil` before `oil`, `bottled lpg` before `lpg`, `smokeless coal` before `coal`).
const RULES: [RegExp, BaseFuel | 'No heating system'][] = [
  [/no heating|there is no heating/, 'No heating system'],
  [/waste heat/, 'Waste heat'],
  [/waste combustion/, 'Waste combustion'],
  [/mineral oil or liquid biofuel/, 'Oil'],
  [/biogas/, 'Biogas'],
  [/bioethanol/, 'Bioethanol'],
  [/biodiesel|\bb30[kd]\b/, 'Biodiesel'],
  [/rapeseed/, 'Rapeseed oil'],
  [/dual fuel/, 'Dual fuel (mineral and wood)'],
  [/wood logs?\b|\blogs\b/, 'Wood logs'],
  [/wood chips?/, 'Wood chips'],
  [/pellets?/, 'Wood pellets'],
  [/biomass/, 'Biomass'],
  [/bottled lpg/, 'Bottled LPG'],
  [/\blpg\b|liquefied petroleum/, 'LPG'],
  [/anthracite/, 'Anthracite'],
  [/smokeless/, 'Smokeless coal'],
  [/coal/, 'Coal'],
  [/mains gas|^gas$|natural gas/, 'Mains gas'],
  [/electric/, 'Electricity'],
  [/\boil\b|kerosene|gas oil/, 'Oil'],
];

function toMainFuelRule(value: string | null | undefined): MainFuel | null {
  const key = categoryKey(value);
  if (key === null) return null;
  const community = /\(community\)/.test(key) || key.startsWith('community heating');
  const text = key
    .replace(/\((?:not )?community\)/g, '')
    .replace(/^[a-z ]+:\s*/, '') // `Gas: `, `Electricity: `, `Community heating schemes: `
    .trim();
  const rule = RULES.find(([pattern]) => pattern.test(text));
  if (!rule) return null;
  const fuel = rule[1];
  return community && fuel !== 'No heating system' ? `${fuel} (community)` : fuel;
}

export const toMainFuel = memoise(toMainFuelRule);
