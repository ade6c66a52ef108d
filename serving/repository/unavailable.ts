// Elasticsearch failures as the API's 503, one rule for every repository: the store did not answer (no
// connection, a timeout, a 5xx, of the request or of one search inside an msearch), or the index is not
// built yet. Anything else is left as it is (the error handler's logged 500).
import { errors } from '@elastic/elasticsearch';
import { SearchItemError } from '../../pipelines/enrich/search-item-error';
import { ApiError } from '../errors';

/** The 503 of a store that did not answer. */
export const storeUnavailable = (): ApiError =>
  new ApiError('service_unavailable', 'The data store is unavailable; try again shortly');

/** What a missing properties index means (two repositories read it). */
export const PROPERTIES_NOT_INDEXED = 'Property data is not indexed yet; run a refresh';

/** `error` as the 503 it is (`notIndexed`: what a missing index means to the caller); any other unchanged. */
export function unavailable(error: unknown, notIndexed: string): unknown {
  // A missing index fails a request (ResponseError), or each search inside an msearch (SearchItemError).
  if (
    (error instanceof errors.ResponseError && error.body?.error?.type === 'index_not_found_exception') ||
    (error instanceof SearchItemError && error.type === 'index_not_found_exception')
  )
    return new ApiError('service_unavailable', notIndexed);
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError ||
    (error instanceof errors.ResponseError && (error.statusCode ?? 0) >= 500) ||
    (error instanceof SearchItemError && error.status >= 500)
  )
    return storeUnavailable();
  return error;
}
