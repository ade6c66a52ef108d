// The heat-balance core against a published SAP 10.2 worksheet: stevenkfirth/sap10calcs
// tests/rdsap/1_base_case/1_detached/sap/out.json (a SAP 10.2 engine's output, UK-average climate; the same
// case reference/energy cites for other values). Given that worksheet's heat transfer coefficient (39) and
// total gains (84), our functions reproduce its zone temperatures (87), (90), mean temperature (93),
// utilisation (94) and space heating requirement (98) month by month. Gains themselves differ between SAP
// 10.2 and BREDEM-2012, so they are inputs here, not outputs.
import { describe, expect, it } from 'vitest';
import { EXTERNAL_TEMPERATURE } from '../../../serving/energy-model/climate/tables';
import { DAYS } from '../../../serving/energy-model/engine/constants';
import { heatBalanceMonth } from '../../../serving/energy-model/engine/heat-balance';
import { runEngine } from '../../../serving/energy-model/engine/index';
import type { DwellingDescription, SpaceHeating } from '../../../serving/energy-model/engine/types';

// prettier-ignore
const SHEET = {
  H: [417.589409375, 417.5859375, 417.582534375, 417.56655, 417.563559375, 417.5496375, 417.5496375, 417.547059375, 417.555, 417.563559375, 417.569609375, 417.575934375],
  gains: [582.3474769713107, 581.5018043513169, 563.8541762015332, 532.8914151763768, 498.3346815143857, 459.43720805326814, 439.8015036994096, 442.9400839690634, 459.69909885851547, 497.98618566634957, 534.683999815989, 566.1384234620283],
  t87: [16.58102404449545, 16.753474088674395, 17.202776846530927, 17.8735623987994, 18.656633349864425, 19.464190943196403, 20.02274272144664, 19.96788566373833, 19.320926770122806, 18.339744184540336, 17.35601043190746, 16.541231268117627],
  t90: [14.643210804558706, 14.815562221006427, 15.26459785533563, 15.93474022826424, 16.715909724307593, 17.51582326956074, 18.0418571047954, 17.993650891786086, 17.375302745742193, 16.400230272484002, 15.417867197679218, 14.603516937179627],
  t93: [16.396570734511265, 16.568996121757404, 17.018232098732103, 17.68885685616561, 18.47145244347522, 19.27709902478749, 19.827521317283832, 19.77432697075027, 19.134520764027652, 18.154865706526255, 17.1714746233504, 16.356802685383126],
  eta94: [0.9906904873584492, 0.9900317907772723, 0.9884881885359468, 0.9853513997900872, 0.9787166992715884, 0.9634316794760261, 0.9344645854871232, 0.9385683278870915, 0.9680473812365443, 0.9827752465267565, 0.988706279100353, 0.9912840835505617],
  q98: [3329.0084496998097, 2887.6534931904444, 2853.1409168336513, 2264.290080474785, 1740.7987824999313, 0, 0, 0, 0, 1982.9297202622538, 2647.365333372066, 3359.2970686802064],
  q98Annual: 21064.483845013146,
};

// The worksheet's settings: TFA 100 m², TMP 250, living-area fraction 0.75 (91), control type 2, R = 1,
// SAP 10.2's off periods of 7 h and 8 h on every day, and a +0.3 K control adjustment ((93) − (92)).
const heating: SpaceHeating = {
  livingAreaFraction: 0.75,
  livingAreaTemperature: 21,
  controlType: 2,
  responsiveness: 1,
  pattern: { weekdayHoursOff: [7, 8], weekendHoursOff: [7, 8] },
  temperatureAdjustment: 0.3,
  efficiency: 1,
};

const months = SHEET.H.map((H, m) =>
  heatBalanceMonth(heating, 250, 100, H, SHEET.gains[m]!, EXTERNAL_TEMPERATURE[0]![m]!, DAYS[m]!, m, 'sap'),
);

describe('SAP 10.2 worksheet (sap10calcs 1_detached), heat balance given (39) and (84)', () => {
  it('living-area and rest-of-dwelling mean temperatures, (87) and (90)', () => {
    months.forEach((r, m) => {
      expect(r.livingAreaTemperature, `(87) month ${m + 1}`).toBeCloseTo(SHEET.t87[m]!, 9);
      expect(r.restOfDwellingTemperature, `(90) month ${m + 1}`).toBeCloseTo(SHEET.t90[m]!, 9);
    });
  });

  it('adjusted mean internal temperature (93) and utilisation factor (94)', () => {
    months.forEach((r, m) => {
      expect(r.meanInternalTemperature, `(93) month ${m + 1}`).toBeCloseTo(SHEET.t93[m]!, 9);
      expect(r.utilisationFactor, `(94) month ${m + 1}`).toBeCloseTo(SHEET.eta94[m]!, 6);
    });
  });

  it('space heating requirement (98), monthly and annual 21,064.5 kWh', () => {
    months.forEach((r, m) =>
      expect(r.spaceHeatingDemand, `(98) month ${m + 1}`).toBeCloseTo(SHEET.q98[m]!, 3),
    );
    expect(months.reduce((s, r) => s + r.spaceHeatingDemand, 0)).toBeCloseTo(SHEET.q98Annual, 2);
  });
});

describe('SAP 10.2 worksheet (sap10calcs 1_detached), heat transfer from the dwelling description', () => {
  // 100 m² single storey, 3 m high (V = 300 m³); walls 120 m², roof 100 m², floor 100 m², all U 1.0;
  // y = 0.15 over 320 m² (36) = 48 W/K; one intermittent fan (7a) and a pressure test of q50 = 0; no
  // windows, no shelter ((19) = 0), region 0.
  const dwelling: DwellingDescription = {
    totalFloorArea: 100,
    storeys: 1,
    storeyHeight: 3,
    elements: [
      { name: 'walls', area: 120, uValue: 1 },
      { name: 'roof', area: 100, uValue: 1 },
      { name: 'floor', area: 100, uValue: 1 },
    ],
    windows: [],
    thermalBridgingY: 0.15,
    ventilation: {
      chimneys: 0,
      openFlues: 0,
      extractFans: 1,
      structuralInfiltration: 0.35,
      suspendedTimberFloor: 'none',
      draughtLobby: false,
      draughtProofedFraction: 0,
      airPermeabilityQ50: 0,
      shelteredSides: 0,
      siteExposureFactor: 1,
    },
    thermalMassParameter: 250,
    solarAccess: { winter: 0.77, summer: 0.9, light: 0.83 },
    occupants: 2.739525875076067,
    heating,
    hotWater: { efficiency: 1, pointOfUse: true },
    lighting: { lowEnergyFraction: 1 },
    climateRegion: 0,
    heatingSeason: 'sap',
  };

  it('fabric (33) + bridging (36) = 368 W/K; H (39) and HLP (40) month by month', () => {
    const r = runEngine(dwelling);
    expect(r.summary.fabricHeatLoss + r.summary.thermalBridgingHeatLoss).toBeCloseTo(368, 9);
    r.monthly.heatTransferCoefficient.forEach((H, m) =>
      expect(H, `(39) month ${m + 1}`).toBeCloseTo(SHEET.H[m]!, 9),
    );
    expect(r.monthly.heatLossParameter[0]).toBeCloseTo(4.17589409375, 9);
  });
});
