// A batch reads its documents out of one `_mget` response as its bytes arrive (serving/repository/mget.ts):
// wherever the response is cut into chunks, every document comes out once, whole, in order, as soon as its
// last byte is in, and a response that stops early is an error, never a short list.
import { describe, expect, it } from 'vitest';
import {
  jsonText,
  propertySourceOfDocument,
  StoredProperty,
} from '../../../pipelines/indexing/stored-property';
import { MgetReader, type MgetDoc } from '../../../serving/repository/mget';
import { SAMPLE_DOC, testDocument } from '../../helpers/api';

const named = (uprn: number, name: string) =>
  propertySourceOfDocument(
    testDocument({
      ...SAMPLE_DOC,
      uprn,
      blocks: {
        ...SAMPLE_DOC.blocks,
        area: { admin_boundaries: { ward_name: name }, area_attributes: {} },
        climate: { note: name },
      },
    }),
  ).source;

const SOURCES = [
  named(1, 'Tŷ Newydd, “Caerdydd” 🏠'),
  named(2, 'a "quoted" \\ back\\slash }{ ] ['),
  // No pieces: its end is not in its layout, so it is scanned.
  propertySourceOfDocument(testDocument({ ...SAMPLE_DOC, uprn: 3, blocks: {} })).source,
];

// As Elasticsearch writes it: each _source copied in as indexed, the docs' own members around it.
const RESPONSE = Buffer.from(
  `{"docs":[${SOURCES.map(
    (source, i) =>
      `{"_index":"p","_id":"${i + 1}","_version":1,"_seq_no":${i},"_primary_term":1,"found":true,"_source":${source}}`,
  ).join(',')},{"_index":"p","_id":"9","found":false},` +
    `{"_index":"p","_id":"10","error":{"type":"shard_failure","reason":"a \\"reason\\""}}]}`,
);

const text = (stored: StoredProperty, path: string) => {
  const value = stored.get(path);
  return value === undefined ? undefined : jsonText(value);
};

/** The docs of a whole response, read at once. */
function mgetDocs(b: Buffer): MgetDoc[] {
  const reader = new MgetReader();
  return [...reader.push(b), ...reader.end()];
}

const summary = (docs: MgetDoc[]) =>
  docs.map((doc) =>
    doc.found
      ? { id: doc.id, climate: text(doc.stored, 'climate'), ward: text(doc.stored, 'area/admin_boundaries') }
      : doc,
  );

const EXPECTED = [
  ...SOURCES.map((source, i) => {
    const stored = new StoredProperty(i + 1, Buffer.from(source));
    return {
      id: String(i + 1),
      climate: text(stored, 'climate'),
      ward: text(stored, 'area/admin_boundaries'),
    };
  }),
  { id: '9', found: false },
  { id: '10', found: false, error: { type: 'shard_failure', reason: 'a "reason"' } },
];

describe('reading an _mget response as it arrives', () => {
  it('reads the whole response: found documents sliced where they lie, the missing and the failed', () => {
    expect(summary(mgetDocs(RESPONSE))).toEqual(EXPECTED);
    expect(JSON.stringify(EXPECTED[0])).toContain('Tŷ Newydd, “Caerdydd” 🏠');
  });

  it('cut into two chunks at every byte, hands out each document once, as soon as it is whole', () => {
    const firstEnd = RESPONSE.indexOf('},{"_index":"p","_id":"2"') + 1;
    for (let cut = 1; cut < RESPONSE.length; cut++) {
      const reader = new MgetReader(1);
      const early = reader.push(RESPONSE.subarray(0, cut));
      const docs = [...early, ...reader.push(RESPONSE.subarray(cut)), ...reader.end()];
      expect(summary(docs)).toEqual(EXPECTED);
      if (cut >= firstEnd) expect(early.length).toBeGreaterThan(0);
    }
  });

  it('fed a byte at a time, gives the same documents', () => {
    const reader = new MgetReader(1);
    const docs: MgetDoc[] = [];
    for (let i = 0; i < RESPONSE.length; i++) docs.push(...reader.push(RESPONSE.subarray(i, i + 1)));
    expect(summary([...docs, ...reader.end()])).toEqual(EXPECTED);
  });

  it('a response that stops before its end is an error', () => {
    for (const cut of [5, RESPONSE.length / 2, RESPONSE.length - 2]) {
      const reader = new MgetReader();
      reader.push(RESPONSE.subarray(0, cut));
      expect(() => reader.end()).toThrow(SyntaxError);
    }
  });

  it('a _source that does not end where its layout says is an error, not a misread', () => {
    const bad = Buffer.from(
      RESPONSE.toString().replace(`${SOURCES[0]!.slice(0, -2)}}}`, `${SOURCES[0]!.slice(0, -2)} }}`),
    );
    expect(() => mgetDocs(bad)).toThrow(/does not end where its layout says/);
  });
});
