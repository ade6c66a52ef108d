// The properties of a postcode (GET /addresses): one search of the properties index on its `postcode`
// keyword, reading back only the coordinates and the latest certificate's address lines (source filtering
// into the stored pieces), not the ~50 KB documents.
import type { Client } from '@elastic/elasticsearch';
import { ADDRESSES_MAX, type Address, type AddressesResponse } from '../../schemas/api/addresses';
import { PROPERTIES_NOT_INDEXED, unavailable } from './unavailable';
import { ENHANCED } from '../../pipelines/indexing/stored-property';

const LATEST = `${ENHANCED}/0`;
const LINES = ['address', 'address1', 'address2', 'address3'] as const;

interface Hit {
  uprn: number;
  x_coord: number;
  y_coord: number;
  location: { lat: number; lon: number };
  pieces?: Record<string, Partial<Record<(typeof LINES)[number], string | null>> | undefined>;
}

/**
 * The certificate's address: England and Wales have it whole (`address`), Scotland as lines (`address1` to
 * `address3`), joined as the English one is.
 */
export function certificateAddress(epc: Partial<Record<string, string | null>> | undefined): string | null {
  if (!epc) return null;
  if (epc.address) return epc.address;
  const lines = [epc.address1, epc.address2, epc.address3].filter((l): l is string => !!l?.trim());
  return lines.length ? lines.join(', ') : null;
}

/** The properties indexed under `postcode` (already normalised), by UPRN; total 0 when there are none. */
export async function addressesInPostcode(
  client: Client,
  alias: string,
  postcode: string,
): Promise<AddressesResponse> {
  let result;
  try {
    result = await client.search<Hit>({
      index: alias,
      query: { term: { postcode } },
      sort: [{ uprn: 'asc' }],
      size: ADDRESSES_MAX,
      track_total_hits: true,
      _source: ['uprn', 'x_coord', 'y_coord', 'location', ...LINES.map((l) => `pieces.${LATEST}.${l}`)],
    });
  } catch (error) {
    throw unavailable(error, PROPERTIES_NOT_INDEXED);
  }
  const total = result.hits.total;
  const addresses = result.hits.hits.map(({ _source: s }): Address => ({
    uprn: String(s!.uprn),
    address: certificateAddress(s!.pieces?.[LATEST]),
    location: {
      x_coord: s!.x_coord,
      y_coord: s!.y_coord,
      latitude: s!.location.lat,
      longitude: s!.location.lon,
    },
  }));
  return {
    postcode,
    total: typeof total === 'number' ? total : (total?.value ?? addresses.length),
    addresses,
  };
}
