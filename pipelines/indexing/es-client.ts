import { Client } from '@elastic/elasticsearch';

/**
 * An Elasticsearch client with short timeouts: the API answers 503 quickly when the cluster is away rather
 * than holding requests. (`info()`/`ping()` are not used: the integ-test distribution has no `GET /`.)
 */
export function createEsClient(
  url: string,
  options: { requestTimeoutMs?: number; maxRetries?: number } = {},
): Client {
  return new Client({
    node: url,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 2,
    compression: false,
  });
}
