// Fields derived from other fields of the certificate.
import { describe, expect, it } from 'vitest';
import {
  co2ReductionPotential,
  floorType,
  isHeatPump,
  roofPhotovoltaicSupply,
  roofType,
  thermalTransmittance,
  totalEnergyConsumption,
  wallsType,
} from '../../../../pipelines/transforms/epc/enhance';

describe('thermal transmittance from descriptions', () => {
  it.each([
    ['Average thermal transmittance 0.25 W/m²K', 0.25],
    ['Average thermal transmittance = 0.13 W/m²K', 0.13],
    ['Trawsyriannedd thermol cyfartalog 0.30 W/m²K', 0.3],
    ['Average thermal transmittance 1 W/m²K', 1],
    ['Cavity wall, as built, insulated (assumed)', null],
  ] as const)('%j → %j', (description, u) => expect(thermalTransmittance(description)).toBe(u));
  it('is null without a description', () => expect(thermalTransmittance(null)).toBeNull());
});

describe('element types from descriptions', () => {
  it.each([
    ['Cavity wall, as built, insulated (assumed)', 'Cavity'],
    ['Cavity wall, filled cavity', 'Cavity'],
    ['Solid brick, as built, no insulation (assumed)', 'Solid brick'],
    ['Granite or whinstone, as built, no insulation (assumed)', 'Stone'],
    ['Sandstone or limestone, as built, no insulation (assumed)', 'Stone'],
    ['Timber frame, as built, partial insulation (assumed)', 'Timber frame'],
    ['System built, with external insulation', 'System built'],
    ['Cob, as built', 'Cob'],
    ['Park home wall, as built', 'Park home'],
    ['Sandstone, as built, no insulation | Timber frame, as built, insulated', 'Stone'],
    ['Average thermal transmittance 0.28 W/m²K', null],
  ] as const)('walls %j → %j', (d, t) => expect(wallsType(d)).toBe(t));

  it.each([
    ['Pitched, 250 mm loft insulation', 'Pitched'],
    ['Pitched, no insulation (assumed)', 'Pitched'],
    ['Flat, limited insulation (assumed)', 'Flat'],
    ['Roof room(s), insulated', 'Roof room'],
    ['Thatched, with additional insulation', 'Thatched'],
    ['(another dwelling above)', 'Another dwelling above'],
    ['(other premises above)', 'Other premises above'],
    ['Average thermal transmittance 0.15 W/m²K', null],
  ] as const)('roof %j → %j', (d, t) => expect(roofType(d)).toBe(t));

  it.each([
    ['Solid, no insulation (assumed)', 'Solid'],
    ['Suspended, no insulation (assumed)', 'Suspended'],
    ['(another dwelling below)', 'Another dwelling below'],
    ['(other premises below)', 'Other premises below'],
    ['To unheated space, insulated', 'To unheated space'],
    ['To external air, no insulation (assumed)', 'To external air'],
    ['Average thermal transmittance 0.2 W/m²K', null],
  ] as const)('floor %j → %j', (d, t) => expect(floorType(d)).toBe(t));
});

describe('heat pump from the main heating description', () => {
  it('is true for heat pumps, false for other systems, null without a description', () => {
    expect(isHeatPump('Air source heat pump, radiators, electric')).toBe(true);
    expect(isHeatPump('Ground source heat pump, underfloor, electric')).toBe(true);
    expect(isHeatPump('Boiler and radiators, mains gas')).toBe(false);
    expect(isHeatPump(null)).toBeNull();
  });
});

describe('roof photovoltaic supply', () => {
  it.each([
    ['0', 0],
    ['35', 35],
    ['35.0', 35],
    ["Array: Roof Area: 40%; Connection: connected to dwelling's electricity meter;  |", 40],
    ['Array: Roof Area: 40%; | Array: Roof Area: 20%;', 60],
    ['Array: Roof Area: %;  |', null],
    ['Array: Peak Power: 2.7; Orientation: South;  |', null],
    ['150', null],
  ] as const)('%j → %j', (raw, pct) => expect(roofPhotovoltaicSupply(raw)).toBe(pct));
});

describe('totals', () => {
  it('computes the CO2 reduction potential as current minus potential', () => {
    expect(co2ReductionPotential(2.3, 1.1)).toBe(1.2);
    expect(co2ReductionPotential(2.3, null)).toBeNull();
  });
  it('computes total energy as per-m² consumption times floor area', () => {
    expect(totalEnergyConsumption(245, 56)).toBe(13720);
    expect(totalEnergyConsumption(245, null)).toBeNull();
  });
});
