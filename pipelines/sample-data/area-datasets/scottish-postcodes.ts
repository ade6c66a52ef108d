// Scottish Postcode Directory, release 2026_2 (wales-scotland.md 3.4): SmallUser.csv, Latin-1, every value
// quoted text, the full published header. The sample fills what the service reads (postcode, dates, grid,
// data zones, urban-rural classes, settlement) and the council area; other geographies are blank. The
// urban-rural 8-fold class is the postcode's ONSPD ruc11ind class (1-8 in Scotland), the 6-fold its collapse;
// settlement codes are the sample's own (invented S20 codes: urban postcodes in one settlement, small-town
// ones in another). One split postcode (A and B parts) and one deleted postcode exercise the pitfalls.
import { join } from 'node:path';
import type { AddressBook } from '../addresses';
import { dataZone2011 } from '../census-2011';
import { BufferedFileWriter } from '../csv-writer';
import type { AreaDatasetFile } from './dataset-file';

export const SPD_HEADER = [
  'Postcode',
  'PostcodeDistrict',
  'PostcodeSector',
  'DateOfIntroduction',
  'DateOfDeletion',
  'GridReferenceEasting',
  'GridReferenceNorthing',
  'Latitude',
  'Longitude',
  'SplitIndicator',
  'CouncilArea2019Code',
  'UKParliamentaryConstituency2024Code',
  'ScottishParliamentaryRegion2026Code',
  'ScottishParliamentaryConstituency2026Code',
  'ElectoralWard2022Code',
  'HealthBoardArea2019Code',
  'HealthBoardArea2006Code',
  'HealthBoardArea1995Code',
  'IntegrationAuthority2019Code',
  'OutputArea2022Code',
  'OutputArea2011Code',
  'OutputArea2001Code',
  'OutputArea1991Code',
  'DataZone2022Code',
  'DataZone2011Code',
  'DataZone2001Code',
  'IntermediateZone2022Code',
  'IntermediateZone2011Code',
  'IntermediateZone2001Code',
  'CensusHouseholdCount2022',
  'CensusPopulationCount2022',
  'CensusHouseholdCount2011',
  'CensusPopulationCount2011',
  'CensusHouseholdCount2001',
  'CensusPopulationCount2001',
  'CensusHouseholdCount1991',
  'CensusPopulationCount1991',
  'ScottishIndexOfMultipleDeprivation2020Rank',
  'LAU2025Level1Code',
  'ITL2025Level2Code',
  'ITL2025Level3Code',
  'Locality2020Code',
  'Locality2022Code',
  'Locality2001Code',
  'Locality1991Code',
  'Settlement2020Code',
  'Settlement2022Code',
  'Settlement2001Code',
  'CivilParish1930Code',
  'EnterpriseRegion2008Code',
  'IslandCode',
  'LocalGovernmentDistrict1995Code',
  'LocalGovernmentDistrict1991Code',
  'NationalPark2010Code',
  'RegistrationDistrict2007Code',
  'ROACommunityPlanningPartnership2006Code',
  'ROALocal2006Code',
  'StrategicDevelopmentPlanningArea2013Code',
  'TravelToWorkArea2011Code',
  'UrbanRural6Fold2022Code',
  'UrbanRural8Fold2022Code',
  'GridLinkIndicator',
  'GridLinkPositionalAccuracy',
  'NeverDigitised',
];
const SG_SIX_OF_EIGHT = [0, 1, 2, 3, 4, 4, 5, 6, 6];
const SAMPLE_SETTLEMENTS = { urban: 'S20000451', town: 'S20000452' };

export async function writeScottishPostcodes(
  outDir: string,
  books: readonly AddressBook[],
): Promise<AreaDatasetFile> {
  // Every value the sample writes is ASCII, so these bytes are the same in Latin-1 (the loader reads Latin-1).
  const out = await BufferedFileWriter.open(join(outDir, 'scottish-postcodes', 'SmallUser.csv'), '\r\n');
  out.line(SPD_HEADER.map((h) => `"${h}"`).join(','));
  const rows: string[][] = [];
  for (const book of books.filter((b) => b.area.country === 'Scotland')) {
    book.postcodes.forEach((unit, i) => {
      const eight = Number(unit.ruc) || 2;
      const cells: Record<string, string> = {
        Postcode: unit.pcds,
        PostcodeDistrict: unit.pcds.split(' ')[0]!,
        PostcodeSector: unit.pcds.slice(0, -2),
        DateOfIntroduction: `${unit.dointr.slice(0, 4)}-${unit.dointr.slice(4, 6)}-01`,
        DateOfDeletion: unit.doterm ? `${unit.doterm.slice(0, 4)}-${unit.doterm.slice(4, 6)}-01` : '',
        GridReferenceEasting: unit.noGrid ? '' : String(unit.x),
        GridReferenceNorthing: unit.noGrid ? '' : String(unit.y),
        SplitIndicator: '',
        CouncilArea2019Code: book.area.localAuthority.code,
        OutputArea2022Code: unit.oa,
        DataZone2022Code: unit.lsoa,
        DataZone2011Code: dataZone2011(unit.lsoa),
        IntermediateZone2022Code: unit.msoa,
        ScottishIndexOfMultipleDeprivation2020Rank: String(unit.imd),
        Settlement2022Code: eight <= 2 ? SAMPLE_SETTLEMENTS.urban : eight <= 5 ? SAMPLE_SETTLEMENTS.town : '',
        UrbanRural6Fold2022Code: String(SG_SIX_OF_EIGHT[eight]),
        UrbanRural8Fold2022Code: String(eight),
      };
      // The first postcode is split at a boundary: its A part (the one read) and a B part in another class.
      if (i === 0) {
        rows.push(SPD_HEADER.map((h) => (h === 'SplitIndicator' ? 'A' : (cells[h] ?? ''))));
        cells.SplitIndicator = 'B';
        cells.UrbanRural8Fold2022Code = '6';
        cells.UrbanRural6Fold2022Code = '5';
      }
      rows.push(SPD_HEADER.map((h) => cells[h] ?? ''));
    });
  }
  for (const r of rows) await out.row(r.map((v) => `"${v}"`).join(','));
  return {
    dataset: 'scottish-postcodes',
    format: 'csv (NRS Scottish Postcode Directory 2026_2 SmallUser.csv, Latin-1, all text)',
    file: await out.close(),
    headerRows: 1,
  };
}
