// The asset graph: every declared asset, in one list. Upstreams name other assets in this list.
import type { AssetDefinition } from './definition';
import { epcEnhanced } from './epc-enhanced';
import { epcEnglandWalesRaw, epcScotlandRaw } from './epc-raw';
import { onspd } from './onspd';
import { osOpenUprn } from './os-open-uprn';
import { propertiesIndex } from './properties-index';
import { uprnEpcBlocks } from './uprn-epc-blocks';

export const ASSETS: readonly AssetDefinition[] = [
  osOpenUprn,
  onspd,
  epcEnglandWalesRaw,
  epcScotlandRaw,
  epcEnhanced,
  uprnEpcBlocks,
  propertiesIndex,
];

export function assetByName(name: string): AssetDefinition {
  const asset = ASSETS.find((a) => a.name === name);
  if (!asset) throw new Error(`unknown asset: ${name}`);
  return asset;
}
