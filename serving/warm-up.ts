// Start-up warm-up of the live answers' caches (issue 17 item 2: no cold first touch). The 1 km cells that
// hold properties, most populated first, then the cells around them, are answered once at their centres by
// /location (which asks /flood-risk's candidates too): their candidates go into /location's cell cache (at
// most its capacity, PDS_LOCATION_CACHE_CELLS, default 1,024 cells: tens of KB a cell, a few hundred KB in
// dense places, so at most a few hundred MB and typically tens) and the flood pieces there into its piece
// cache (its own bound, 50,000 decoded pieces), and the code is compiled. The cells come from one aggregation
// of the properties index (1 km histograms of x_coord within y_coord's), so start-up reads no document.
// Failures are logged, never thrown: a cache that could not be warmed is filled by requests as before.
import type { Client } from '@elastic/elasticsearch';
import type { Position } from '../pipelines/geo/geometry';
import type { Logger } from './log';
import type { LocationRepository } from './repository/location';

const CELL = 1000;

interface CellBuckets {
  x: { buckets: { key: number; y: { buckets: { key: number; doc_count: number }[] } }[] };
}

/** The centres of the 1 km cells holding documents of `alias`, the most populated first. */
export async function populatedCells(client: Client, alias: string): Promise<Position[]> {
  const response = await client.search<unknown, CellBuckets>({
    index: alias,
    size: 0,
    aggs: {
      x: {
        histogram: { field: 'x_coord', interval: CELL, min_doc_count: 1 },
        aggs: { y: { histogram: { field: 'y_coord', interval: CELL, min_doc_count: 1 } } },
      },
    },
  });
  const cells = (response.aggregations?.x.buckets ?? []).flatMap((x) =>
    x.y.buckets.map((y) => ({ x: x.key, y: y.key, n: y.doc_count })),
  );
  cells.sort((a, b) => b.n - a.n);
  // Then the cells around them: a point near a property may fall in the next cell.
  const around = cells.flatMap((c) =>
    [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => ({ x: c.x + dx * CELL, y: c.y + dy * CELL }))),
  );
  return [...cells, ...around].map((c): Position => [c.x + CELL / 2, c.y + CELL / 2]);
}

export interface WarmUpDeps {
  client: Client;
  propertiesAlias: string;
  location: LocationRepository;
  log: Logger;
}

/** Warms both caches; resolves (never rejects) when done, with what it did in the log. */
export async function warmLiveCaches(deps: WarmUpDeps): Promise<void> {
  const started = Date.now();
  try {
    const cells = (await deps.location.warm?.(await populatedCells(deps.client, deps.propertiesAlias))) ?? 0;
    deps.log('warm-up: live caches loaded', { cells, ms: Date.now() - started });
  } catch (error) {
    deps.log('warm-up: stopped; requests fill the caches instead', {
      error: error instanceof Error ? error.message : String(error),
      ms: Date.now() - started,
    });
  }
}
