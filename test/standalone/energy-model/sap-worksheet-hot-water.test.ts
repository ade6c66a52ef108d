// Water heating against two SAP 10.2 worksheets, line by line (45)–(65) and the fuel (219), from a SAP 10.2
// engine's output in stevenkfirth/sap10calcs:
//  - POINT_OF_USE: tests/rdsap/1_base_case/1_detached/sap/out.json, instantaneous electric heating at the
//    point of use, efficiency 100 % (the case sap-worksheet.test.ts uses for the heat balance);
//  - COMBI: tests/sap/M1_Photovoltaics/1/response.json, a combi boiler (pipework, no cylinder), monthly
//    efficiencies (217) and SAP Table 3a's combi loss (61).
// SAP 10.2 takes its volumes (44) from showers, baths and other uses and heats water from the month's cold-
// water temperature to 52 °C; our engine's volume is SAP 2012's (43) (docs/energy-model.md), so the sheet's
// (44) and temperatures are inputs here, and everything from (45) on is ours.
import { describe, expect, it } from 'vitest';
import { DAYS } from '../../../serving/energy-model/engine/constants';
import { hotWaterEnergyContent, hotWaterMonth } from '../../../serving/energy-model/engine/hot-water';

interface Sheet {
  pointOfUse: boolean;
  /** (44) litres a day, cold-water temperature °C, then the lines as the worksheet gives them (kWh). */
  v44: number[];
  cold: number[];
  v45: number[];
  v46: number[];
  v61: number[];
  v62: number[];
  v64: number[];
  v65: number[];
  /** (217) water heater efficiency, %. */
  eff217: number[];
  v219: number[];
  v64Annual: number;
  v219Annual: number;
}

// prettier-ignore
const POINT_OF_USE: Sheet = {
  pointOfUse: true,
  v44: [128.20510115995057, 125.31417161081825, 121.89196826023868, 117.57998256821705, 113.53252164326702, 108.57609744076838, 106.05540640886208, 110.77167451558043, 114.02324525488106, 118.94924584342047, 124.00594806436771, 128.13904921167767],
  cold: [11.1, 11.3, 12.3, 14.5, 16.2, 18.8, 21.3, 19.3, 18.7, 16.2, 13.2, 11.2],
  v45: [188.74005989992546, 165.81599035137165, 174.18111708675573, 153.5888522297335, 146.29813353676013, 125.5646374870006, 117.19434682431464, 130.38029171887095, 132.26126333339926, 153.27813035966034, 167.5981723405951, 188.18159063095752],
  v46: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  v61: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  v62: [160.42905091493662, 140.9435917986659, 148.05394952374238, 130.55052439527347, 124.35341350624611, 106.7299418639505, 99.61519480066744, 110.82324796104031, 112.42207383338936, 130.28641080571128, 142.45844648950583, 159.95435203631388],
  v64: [160.42905091493662, 140.9435917986659, 148.05394952374238, 130.55052439527347, 124.35341350624611, 106.7299418639505, 99.61519480066744, 110.82324796104031, 112.42207383338936, 130.28641080571128, 142.45844648950583, 159.95435203631388],
  v65: [40.107262728734156, 35.23589794966647, 37.013487380935594, 32.63763109881837, 31.08835337656153, 26.682485465987625, 24.90379870016686, 27.705811990260077, 28.10551845834734, 32.57160270142782, 35.61461162237646, 39.98858800907847],
  eff217: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
  v219: [160.42905091493662, 140.9435917986659, 148.05394952374238, 130.55052439527347, 124.35341350624611, 106.7299418639505, 99.61519480066744, 110.82324796104031, 112.42207383338936, 130.28641080571128, 142.45844648950583, 159.95435203631388],
  v64Annual: 1566.620197929443,
  v219Annual: 1566.620197929443,
};

// prettier-ignore
const COMBI: Sheet = {
  pointOfUse: false,
  v44: [130.10379443666838, 127.20498064911521, 123.78981481981523, 118.87157856095521, 114.77840332103622, 110.41755863994118, 108.94459846305183, 112.3473042623078, 115.90711035728359, 120.45893469535952, 125.44480878390354, 129.81585763645424],
  cold: [8.0, 8.2, 9.3, 12.7, 14.6, 16.7, 18.4, 17.6, 16.6, 14.3, 11.1, 8.5],
  v45: [206.05260723793148, 181.1381963779314, 190.26033764605992, 162.72924747101962, 154.51379382986423, 135.77127039631566, 131.75904997586105, 139.10943078029405, 142.92505778156638, 163.4616367138863, 178.71912832761433, 203.26026089309184],
  v46: [30.90789108568972, 27.17072945668971, 28.539050646908986, 24.40938712065294, 23.177069074479633, 20.365690559447348, 19.763857496379156, 20.866414617044107, 21.438758667234957, 24.519245507082942, 26.807869249142147, 30.489039133963775],
  v61: [50.95890410958904, 46.02739726027397, 50.95890410958904, 49.31506849315068, 50.95890410958904, 49.31506849315068, 50.95890410958904, 50.95890410958904, 49.31506849315068, 50.95890410958904, 49.31506849315068, 50.95890410958904],
  v62: [257.0115113475205, 227.16559363820537, 241.21924175564894, 212.0443159641703, 205.47269793945324, 185.08633888946633, 182.7179540854501, 190.0683348898831, 192.24012627471706, 214.4205408234753, 228.034196820765, 254.21916500268088],
  v64: [257.0115113475205, 227.16559363820537, 241.21924175564894, 212.0443159641703, 205.47269793945324, 185.08633888946633, 182.7179540854501, 190.0683348898831, 192.24012627471706, 214.4205408234753, 228.034196820765, 254.21916500268088],
  v65: [81.25221793400948, 71.73529961073068, 76.00128829471218, 66.4362419074017, 64.11556247582712, 57.47271453006262, 56.54961014437106, 58.99361176184503, 59.851348835658484, 67.09072023476445, 71.75287729221944, 80.3237627743503],
  eff217: [82.55153442807294, 82.51105621396574, 82.39190691947857, 82.20413800391945, 81.75507201256043, 75.0, 75.0, 75.0, 75.0, 81.9574343223553, 82.37669177030003, 82.5776867156651],
  v219: [311.3346264586449, 275.31533840643715, 292.77055329158964, 257.9484696428057, 251.3271566905176, 246.78178518595513, 243.6239387806001, 253.4244465198441, 256.3201683662894, 261.6242719118263, 276.8188329978312, 307.85454898732974],
  v64Annual: 2589.700017431436,
  v219Annual: 3235.144137239671,
};

/** SAP 10.2's hot water temperature: (45) heats the month's cold water to 52 °C. */
const HOT_WATER_C = 52;

/** Our lines for a sheet, month by month, from its (44), cold-water temperatures, (61) and (217). */
function ours(sheet: Sheet) {
  return sheet.v44.map((litres, m) => {
    const content = hotWaterEnergyContent(litres, DAYS[m]!, HOT_WATER_C - sheet.cold[m]!);
    const month = hotWaterMonth(
      {
        efficiency: sheet.eff217[m]! / 100,
        pointOfUse: sheet.pointOfUse,
        losses: { combi: sheet.v61 },
      },
      content,
      m,
    );
    return month;
  });
}

describe.each([
  ['point-of-use electric (sap10calcs 1_detached)', POINT_OF_USE],
  ['combi boiler (sap10calcs M1_Photovoltaics/1)', COMBI],
])('SAP 10.2 water heating, %s', (_name, sheet) => {
  const months = ours(sheet);

  it('(45) energy content: 4.18 × (44) × days × (52 °C − cold water) / 3600', () => {
    months.forEach((w, m) => expect(w.energyContent, `(45) month ${m + 1}`).toBeCloseTo(sheet.v45[m]!, 9));
  });

  it('(46) distribution loss: 0.15 × (45) with pipework, 0 at the point of use', () => {
    months.forEach((w, m) => expect(w.distributionLoss, `(46) month ${m + 1}`).toBeCloseTo(sheet.v46[m]!, 9));
  });

  it('(62) = (64) output of the water heater: 0.85 × (45) + (46) + (57) + (59) + (61)', () => {
    months.forEach((w, m) => {
      expect(w.output, `(62) month ${m + 1}`).toBeCloseTo(sheet.v62[m]!, 9);
      expect(w.output, `(64) month ${m + 1}`).toBeCloseTo(sheet.v64[m]!, 9);
    });
    expect(months.reduce((s, w) => s + w.output, 0)).toBeCloseTo(sheet.v64Annual, 6);
  });

  it('(65) heat gains from water heating: 0.25 × [0.85 × (45) + (61)] + 0.8 × [(46) + (57) + (59)]', () => {
    months.forEach((w, m) => expect(w.gainsKwh, `(65) month ${m + 1}`).toBeCloseTo(sheet.v65[m]!, 9));
  });

  it('(219) fuel for water heating: (64) × 100 ÷ (217), monthly and for the year', () => {
    months.forEach((w, m) => expect(w.fuel, `(219) month ${m + 1}`).toBeCloseTo(sheet.v219[m]!, 9));
    expect(months.reduce((s, w) => s + w.fuel, 0)).toBeCloseTo(sheet.v219Annual, 6);
  });
});

describe('the combi sheet’s (61) is SAP Table 3a’s loss for a combi without keep-hot', () => {
  it('600 kWh a year pro rata by days, every month drawing at least 100 litres a day', () => {
    COMBI.v61.forEach((loss, m) => {
      expect(COMBI.v44[m]).toBeGreaterThanOrEqual(100);
      expect(loss).toBeCloseTo((600 * DAYS[m]!) / 365, 9);
    });
  });
});
