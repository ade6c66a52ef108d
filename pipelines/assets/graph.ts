// The asset graph: every declared asset, in one list. Upstreams name other assets in this list.
import type { AssetDefinition } from './definition';
import { checkGraph } from './plan';
import { deprivation } from './deprivation';
import { scottishPostcodes, simd, wimd } from './deprivation-nations';
import { energyPrices } from './energy-prices';
import { energyUsage } from './energy-usage';
import { floodDefenceAreas, floodDefences, floodRecordedOutlines } from './flood-events-defences';
import { floodZones } from './flood-zones';
import { featureIndex } from './feature-index';
import { locationFeatureIndex } from './location-feature-index';
import { floodPieces } from './flood-pieces';
import { epcByTile } from './epc-by-tile';
import { epcEnhanced } from './epc-enhanced';
import { epcEstimates } from './epc-estimates';
import { epcEnglandWalesRaw, epcScotlandRaw } from './epc-raw';
import { epcLatest, epcStats } from './epc-stats';
import { fuelPoverty } from './fuel-poverty';
import { hpi } from './hpi';
import { lsoaLookup } from './lsoa-lookup';
import { onspd } from './onspd';
import { osOpenUprn } from './os-open-uprn';
import { PLANNING_LAYER_ASSETS } from './planning-layers';
import { HERITAGE_LAYER_ASSETS } from './heritage-layers';
import { GB_HERITAGE_ASSETS } from './gb-heritage';
import { propertiesIndex } from './properties-index';
import { propertiesWide } from './properties-wide';
import { ruralUrban } from './rural-urban';
import { coastline, terrainContours } from './terrain-contours';
import { uprnAreaBlocks } from './uprn-area-blocks';
import { hadukGridCells, ukcp18Projections } from './climate-sources';
import { climateCells, uprnClimateBlocks } from './uprn-climate-blocks';
import { uprnEpcBlocks } from './uprn-epc-blocks';
import { uprnFloodBlocks } from './uprn-flood-blocks';
import { uprnLocationBlocks } from './uprn-location-blocks';
import { uprnEnvironmentBlocks } from './uprn-environment-blocks';
import { ENVIRONMENT_LAYER_ASSETS } from './uprn-environment-inputs';

export const ASSETS: readonly AssetDefinition[] = [
  osOpenUprn,
  onspd,
  epcEnglandWalesRaw,
  epcScotlandRaw,
  epcEnhanced,
  epcLatest,
  epcStats,
  epcEstimates,
  epcByTile,
  uprnEpcBlocks,
  hpi,
  fuelPoverty,
  energyUsage,
  energyPrices,
  deprivation,
  wimd,
  simd,
  scottishPostcodes,
  lsoaLookup,
  ruralUrban,
  uprnAreaBlocks,
  ...PLANNING_LAYER_ASSETS,
  ...HERITAGE_LAYER_ASSETS,
  ...GB_HERITAGE_ASSETS,
  uprnLocationBlocks,
  ...ENVIRONMENT_LAYER_ASSETS,
  uprnEnvironmentBlocks,
  hadukGridCells,
  ukcp18Projections,
  climateCells,
  uprnClimateBlocks,
  floodZones,
  floodRecordedOutlines,
  floodDefences,
  floodDefenceAreas,
  terrainContours,
  coastline,
  floodPieces,
  uprnFloodBlocks,
  featureIndex,
  locationFeatureIndex,
  propertiesIndex,
  // Analysts' wide table (docs/analysts.md): reads the blocks, feeds nothing served.
  propertiesWide,
];

// Checked when the graph loads: every upstream is an asset, no name twice, no cycle.
checkGraph(ASSETS);

export function assetByName(name: string): AssetDefinition {
  const asset = ASSETS.find((a) => a.name === name);
  if (!asset) throw new Error(`unknown asset: ${name}`);
  return asset;
}
