// POST /batch: up to 1,000 UPRNs of one per-UPRN endpoint, each answered exactly as its single call would
// be (the same render functions over the same stored pieces, the same checks and error objects), in order.
//
// 1. Each UPRN is checked by the single call's own query schema ({uprn} or, for flood-risk, {UPRN}): a
//    malformed one is an item with that call's 400.
// 2. The worst case (every well-formed UPRN found) is reserved under the called endpoint's terms before any
//    read: too little allowance is a 429 for the whole batch and nothing is read.
// 3. One read of every document (PropertiesRepository.getStoredMany: one `_mget`), each item rendered as
//    soon as its document is in; for /epcs, once all are in, one read of the shared pieces they refer to.
// 4. The items are written as they are rendered (JSON, or Arrow record batches), never held as one text;
//    the found ones (status 200) are what the request is charged, once it has been sent in full. A failure
//    before the first byte is the batch's error answer (a store failing: 503); after it, it cuts the answer
//    short. Either releases the whole reservation.
import { Router, type Request, type Response } from 'express';
import { ARROW_STREAM, BatchBodySchema, type BatchBody, type BatchEndpoint } from '../../schemas/api/batch';
import { EpcsQuerySchema } from '../../schemas/api/epcs';
import { FloodRiskQuerySchema } from '../../schemas/api/flood-risk';
import { PropertiesQuerySchema } from '../../schemas/api/properties';
import { RetrofitQuerySchema } from '../../schemas/api/retrofit';
import { ApiError, asApiError, errorBody, invalidParameters } from '../errors';
import type { Logger } from '../log';
import {
  propertyNotFound,
  storedMany,
  type PropertiesRepository,
  type StoredMany,
} from '../repository/properties';
import {
  json,
  jsonByteLength,
  jsonBytes,
  jsonText,
  MissingSharedPiece,
  type Json,
} from '../../pipelines/indexing/stored-property';
import { ArrowBatchWriter, endpointColumns } from './batch-arrow';
import { renderEpcs } from './epcs';
import { floodRiskTarget, renderFloodRisk } from './flood-risk';
import { renderProperty } from './properties';
import { renderRetrofit } from './retrofit';

/** An item checked: the UPRN its single call would look up, or the error that call would answer. */
type Checked = { asked: string | number; uprn: number } | { asked: string | number; error: ApiError };

/** The UPRN of `asked` as the single call of `endpoint` reads its query parameter, or that call's 400. */
export function checkUprn(endpoint: BatchEndpoint, asked: string | number): Checked {
  const value = typeof asked === 'number' ? String(asked) : asked;
  try {
    if (endpoint === 'flood-risk') {
      const query = FloodRiskQuerySchema.safeParse({ UPRN: value });
      if (!query.success) throw invalidParameters(query.error, 'query');
      const target = floodRiskTarget(query.data);
      if (!('uprn' in target)) throw new Error('a UPRN query names a UPRN');
      return { asked, uprn: target.uprn };
    }
    const schema =
      endpoint === 'epcs'
        ? EpcsQuerySchema
        : endpoint === 'retrofit'
          ? RetrofitQuerySchema
          : PropertiesQuerySchema;
    const query = schema.safeParse({ uprn: value });
    if (!query.success) throw invalidParameters(query.error, 'query');
    return { asked, uprn: query.data.uprn };
  } catch (error) {
    if (error instanceof ApiError) return { asked, error };
    throw error;
  }
}

export interface BatchDeps {
  properties: PropertiesRepository;
  now: () => Date;
  log: Logger;
}

/** An item's answer: its status and its body's JSON text, or its error. */
type Answer = { status: 200; body: Json } | { status: number; error: ApiError };

/** Renders the single call's answer for a checked UPRN, from the documents and shared pieces read. */
async function answer(
  deps: BatchDeps,
  endpoint: BatchEndpoint,
  item: Checked,
  found: StoredMany,
  shared: ReadonlyMap<string, string>,
  now: Date,
  req: Request,
): Promise<Answer> {
  if ('error' in item) return { status: item.error.status, error: item.error };
  // Outside the try: a read that fails is the whole batch's failure, not an item's (no item can be trusted).
  const stored = await found.get(item.uprn);
  try {
    if (!stored) throw propertyNotFound(item.uprn);
    if (endpoint === 'properties') return { status: 200, body: renderProperty(stored, now) };
    if (endpoint === 'retrofit') return { status: 200, body: renderRetrofit(stored, now) };
    if (endpoint === 'epcs') {
      try {
        return { status: 200, body: renderEpcs(stored, now, shared) };
      } catch (error) {
        if (error instanceof MissingSharedPiece)
          throw new ApiError('service_unavailable', 'Property data is being replaced; try again shortly');
        throw error;
      }
    }
    return { status: 200, body: renderFloodRisk(stored) };
  } catch (error) {
    // Mapped as the single call's error handler maps it (an unexpected failure is a 500, logged).
    const apiError = asApiError(error, deps.log, req);
    return { status: apiError.status, error: apiError };
  }
}

/** About how many bytes of a JSON batch answer are written at once. */
const WRITE_CHUNK = 256 * 1024;

/** Waits for `res` to take more when its buffer is full (or for it to close). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function admitted(req: Request, endpoint: BatchEndpoint, units: number): Promise<void> {
  const meter = req.meter;
  if (!meter) return Promise.resolve();
  return new Promise((resolve, reject) =>
    meter.admit(endpoint, units, (error) => (error ? reject(error) : resolve())),
  );
}

export function batchRouter(deps: BatchDeps): Router {
  const router = Router();
  router.post('/batch', async (req, res) => {
    const parsed = BatchBodySchema.safeParse(req.body);
    if (!parsed.success) throw invalidParameters(parsed.error, 'body');
    const { endpoint, uprns }: BatchBody = parsed.data;
    const items = uprns.map((asked) => checkUprn(endpoint, asked));
    const wanted = items.flatMap((i) => ('uprn' in i ? [i.uprn] : []));
    // The worst case: every well-formed UPRN found (a repeated one answered, and charged, again).
    await admitted(req, endpoint, wanted.length);
    const found = storedMany(deps.properties, wanted);
    try {
      await respond(deps, req, res, endpoint, items, found);
    } finally {
      await found.close();
    }
  });
  return router;
}

/** Answers the checked items from the documents as they are read (the reservation is made). */
async function respond(
  deps: BatchDeps,
  req: Request,
  res: Response,
  endpoint: BatchEndpoint,
  items: Checked[],
  found: StoredMany,
): Promise<void> {
  // The first document is read before anything is sent: a store that cannot be read is the whole
  // batch's error answer (503).
  const first = items.find((i) => 'uprn' in i);
  if (first && 'uprn' in first) await found.get(first.uprn);
  let shared: ReadonlyMap<string, string> = new Map();
  if (endpoint === 'epcs') {
    const ids = new Set<string>();
    for (const stored of (await found.all()).values())
      for (const [, id] of stored?.sharedIds ?? []) if (id !== null) ids.add(id);
    if (ids.size) shared = await deps.properties.getShared([...ids]);
  }
  // The client went away while the documents were read: its reservation is already released.
  if (res.destroyed) return;
  const arrow = req.accepts(['application/json', ARROW_STREAM]) === ARROW_STREAM;
  const now = deps.now();
  let charged = 0;
  let bytes = 0;
  res.status(200);
  try {
    if (arrow) {
      res.type(ARROW_STREAM);
      const writer = new ArrowBatchWriter(endpointColumns(endpoint), res);
      for (const item of items) {
        const a = await answer(deps, endpoint, item, found, shared, now, req);
        if (a.status === 200) charged++;
        writer.add({
          uprn: String(item.asked),
          status: a.status,
          error: 'error' in a ? { code: a.error.code, message: a.error.message } : null,
          body: 'body' in a ? JSON.parse(jsonText(a.body)) : null,
        });
        if (res.writableNeedDrain) await drained(res);
        if (res.destroyed) return;
      }
      await writer.finish();
    } else {
      res.type('json');
      // Items are gathered into chunks of about WRITE_CHUNK bytes, each copied once into one buffer: one
      // socket write (and one chunk of the chunked encoding) per chunk instead of per item.
      let chunk: Json[] = ['{"results":['];
      let chunkLength = jsonByteLength(chunk);
      const write = () => {
        const buffer = jsonBytes(chunk, chunkLength);
        chunk = [];
        chunkLength = 0;
        bytes += buffer.length;
        return res.write(buffer);
      };
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const a = await answer(deps, endpoint, item, found, shared, now, req);
        const head = `${i ? ',' : ''}{"uprn":${JSON.stringify(item.asked)},"status":${a.status},`;
        let itemJson: Json;
        if ('body' in a) {
          charged++;
          itemJson = json`${head}"body":${a.body}}`;
        } else itemJson = `${head}"error":${JSON.stringify(errorBody(a.error).error)}}`;
        chunk.push(itemJson);
        chunkLength += jsonByteLength(itemJson);
        if (chunkLength < WRITE_CHUNK) continue;
        if (!write()) await drained(res);
        if (res.destroyed) return;
      }
      chunk.push(']}');
      chunkLength += 2;
      write();
    }
  } catch (error) {
    // Nothing sent yet (a store failing within the first ~256 KB of answers): the error is the batch's answer.
    if (!res.headersSent) throw error;
    // After the first byte no error answer can be sent: the answer is cut short (not charged).
    deps.log('batch: failed while answering', {
      request_id: req.id,
      error: error instanceof Error ? error.stack : String(error),
    });
    res.destroy();
    return;
  }
  req.meter?.answered(charged);
  res.locals.historyBody = JSON.stringify({
    streamed: arrow ? ARROW_STREAM : 'application/json',
    endpoint,
    items: items.length,
    found: charged,
    ...(arrow ? {} : { bytes }),
  });
  res.end();
}
