// Where a JSON value ends in UTF-8 bytes, found without parsing it (pipelines/indexing/json-scan.ts).
import { describe, expect, it } from 'vitest';
import { stringEnd, valueEnd } from '../../../pipelines/indexing/json-scan';

const at = (text: string) => Buffer.from(text);

describe('stringEnd', () => {
  it('ends a string at its closing quote', () => {
    expect(stringEnd(at('"abc",1'), 0)).toBe(5);
  });

  it('passes over escaped quotes, and ends after an escaped backslash', () => {
    const escapedQuote = JSON.stringify('say "hi"');
    expect(stringEnd(at(`${escapedQuote},`), 0)).toBe(escapedQuote.length);
    const backslashes = JSON.stringify('a\\'); // "a\\": the quote after an even run of backslashes ends it
    expect(stringEnd(at(`${backslashes}]`), 0)).toBe(backslashes.length);
    const both = JSON.stringify('\\"\\\\"'); // runs of three and of four backslashes before quotes
    expect(stringEnd(at(both), 0)).toBe(both.length);
  });

  it('answers -1 when the bytes stop inside the string', () => {
    expect(stringEnd(at('"abc'), 0)).toBe(-1);
    expect(stringEnd(at('"abc\\"'), 0)).toBe(-1);
  });

  it('counts multi-byte characters as their bytes', () => {
    const text = JSON.stringify('Ynys Môn “quoted”');
    expect(stringEnd(at(`${text}}`), 0)).toBe(Buffer.byteLength(text));
  });
});

describe('valueEnd', () => {
  it('ends an object or array past the brackets inside its strings', () => {
    const value = JSON.stringify({ a: ['}', ']', { b: '"{' }], c: 'x\\' });
    expect(valueEnd(at(`${value},"next":1`), 0)).toBe(value.length);
  });

  it('ends a number at the delimiter after it, and answers -1 at the end of the bytes', () => {
    expect(valueEnd(at('12.5,'), 0)).toBe(4);
    expect(valueEnd(at('12.5'), 0)).toBe(-1);
    expect(valueEnd(at('{"a":[1,2'), 0)).toBe(-1);
  });
});
