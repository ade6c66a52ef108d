// The asset graph: every declared asset, in one list. Upstreams name other assets in this list (define.ts
// types both by the asset names).
import { ASSET_NAMES, type Asset } from './define';
import { checkGraph } from '../orchestration/plan';
import { deprivation } from './area/deprivation';
import { scottishPostcodes, simd, wimd } from './area/deprivation-nations';
import { energyPrices } from './area/energy-prices';
import { energyUsage } from './area/energy-usage';
import { floodDefenceAreas, floodDefences, floodRecordedOutlines } from './flood/flood-events-defences';
import { floodZones } from './flood/flood-zones';
import { featureIndex } from './index/feature-index';
import { locationFeatureIndex } from './index/location-feature-index';
import { floodPieces } from './flood/flood-pieces';
import { epcByTile } from './epc/epc-by-tile';
import { epcEnhanced } from './epc/epc-enhanced';
import { epcEstimates } from './epc/epc-estimates';
import { epcEnglandWalesRaw, epcScotlandRaw } from './epc/epc-raw';
import { epcLatest, epcStats } from './epc/epc-stats';
import { fuelPoverty } from './area/fuel-poverty';
import { hpi } from './area/hpi';
import { lsoaLookup } from './area/lsoa-lookup';
import { onspd } from './address/onspd';
import { osOpenUprn } from './address/os-open-uprn';
import { PLANNING_LAYER_ASSETS } from './planning/planning-layers';
import { HERITAGE_LAYER_ASSETS } from './heritage/heritage-layers';
import { GB_HERITAGE_ASSETS } from './heritage/gb-heritage';
import { propertiesIndex } from './index/properties-index';
import { propertiesWide } from './analyst/properties-wide';
import { ruralUrban } from './area/rural-urban';
import { coastline, terrainContours } from './flood/terrain-contours';
import { uprnAreaBlocks } from './area/uprn-area-blocks';
import { hadukGridCells, ukcp18Projections } from './climate/climate-sources';
import { climateCells, uprnClimateBlocks } from './climate/uprn-climate-blocks';
import { uprnEpcBlocks } from './epc/uprn-epc-blocks';
import { uprnFloodBlocks } from './flood/uprn-flood-blocks';
import { uprnLocationBlocks } from './location/uprn-location-blocks';
import { uprnEnvironmentBlocks } from './environment/uprn-environment-blocks';
import { ENVIRONMENT_LAYER_ASSETS } from './environment/uprn-environment-inputs';

export const ASSETS: readonly Asset[] = [
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

// Checked when the graph loads: every listed name declared once, every upstream an asset, no cycle.
checkGraph(ASSETS, ASSET_NAMES);

export function assetByName(name: string): Asset {
  const asset = ASSETS.find((a) => a.name === name);
  if (!asset) throw new Error(`unknown asset: ${name}`);
  return asset;
}
