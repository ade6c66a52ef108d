/**
 * One search of an msearch that failed. Elasticsearch answers the msearch itself with 200 and puts each
 * search's error (a missing index, a timeout) in its item, so the caller gets the type and status to map
 * (serving/repository/unavailable.ts reads them).
 */
export class SearchItemError extends Error {
  readonly type: string;
  readonly status: number;

  constructor(index: string, item: { error: { type: string }; status?: number }) {
    super(`search of ${index} failed: ${JSON.stringify(item.error)}`);
    this.type = item.error.type;
    this.status = item.status ?? 500;
  }
}
