import { describe, expect, it } from 'vitest';
import {
  OutsideGridError,
  TILE_OVERLAP,
  tileBBox,
  tileBBoxWithOverlap,
  tileOf,
  tilesIntersecting,
  tilesNear,
  inTileSql,
  onGridSql,
} from '../../../pipelines/geo/tiles';

describe('BNG 10 km tiles', () => {
  it('names tiles as OS grid squares', () => {
    expect(tileOf(370000, 160000)).toBe('ST76');
    expect(tileOf(379999.99, 169999.99)).toBe('ST76');
    expect(tileOf(0, 0)).toBe('SV00');
    expect(tileOf(530000, 180000)).toBe('TQ38'); // London
    expect(tileOf(325000, 673000)).toBe('NT27'); // Edinburgh
    expect(tileOf(465000, 575000)).toBe('NZ67'); // Teesside
    expect(tileOf(446000, 1140000)).toBe('HU44'); // Shetland
    expect(tileOf(465000, 1215000)).toBe('HP61'); // Unst
    expect(tileOf(145000, 905000)).toBe('NB40'); // Lewis
    expect(tileOf(265000, 205000)).toBe('SN60'); // Wales
    expect(tileBBox('ST76')).toEqual({ minX: 370000, minY: 160000, maxX: 380000, maxY: 170000 });
    // OS Terrain 50 folder names are lower case.
    expect(tileBBox('su67')).toEqual({ minX: 460000, minY: 170000, maxX: 470000, maxY: 180000 });
  });

  it('round-trips every tile of the grid', () => {
    const names = new Set<string>();
    for (let x = 5000; x < 700000; x += 10000)
      for (let y = 5000; y < 1300000; y += 10000) {
        const name = tileOf(x, y);
        names.add(name);
        const b = tileBBox(name);
        expect(b.minX).toBe(x - 5000);
        expect(b.minY).toBe(y - 5000);
      }
    expect(names.size).toBe(70 * 130);
  });

  it('throws a clear error outside the grid', () => {
    expect(() => tileOf(-1, 5)).toThrow(OutsideGridError);
    expect(() => tileOf(700000, 5)).toThrow(/outside the British National Grid/);
    expect(() => tileOf(5, 1300000)).toThrow(OutsideGridError);
    expect(() => tileOf(NaN, 5)).toThrow(OutsideGridError);
    expect(() => tileBBox('ZZ00')).toThrow(/outside the British National Grid/);
    expect(() => tileBBox('SI00')).toThrow(/not a 10 km grid square name/);
    expect(() => tileBBox('ST7')).toThrow(OutsideGridError);
  });

  it('finds the tiles a box meets, and grows a tile by its overlap', () => {
    expect(TILE_OVERLAP).toBe(1000);
    const grown = tileBBoxWithOverlap('ST76');
    expect(grown).toEqual({ minX: 369000, minY: 159000, maxX: 381000, maxY: 171000 });
    expect(tilesIntersecting(grown)).toEqual([
      'ST65',
      'ST75',
      'ST85',
      'ST66',
      'ST76',
      'ST86',
      'ST67',
      'ST77',
      'ST87',
    ]);
    expect(tilesIntersecting({ minX: 371000, minY: 161000, maxX: 372000, maxY: 162000 })).toEqual(['ST76']);
    // Across a 100 km boundary and clipped at the grid's edge.
    expect(tilesIntersecting({ minX: 395000, minY: 195000, maxX: 405000, maxY: 196000 })).toEqual([
      'ST99',
      'SU09',
    ]);
    expect(tilesIntersecting({ minX: -5000, minY: -5000, maxX: 1000, maxY: 1000 })).toEqual(['SV00']);
    expect(tilesIntersecting({ minX: -5000, minY: -5000, maxX: -1000, maxY: -1000 })).toEqual([]);
  });

  it('stores a feature in every tile whose grown square it meets', () => {
    // 500 m inside ST76's west edge: ST66 must hold it too (its 1 km overlap reaches 371000).
    const piece = { minX: 370500, minY: 165000, maxX: 370600, maxY: 165100 };
    expect(tilesNear(piece)).toEqual(['ST66', 'ST76']);
    for (const name of tilesNear(piece)) {
      const grown = tileBBoxWithOverlap(name);
      expect(piece.minX <= grown.maxX && piece.maxX >= grown.minX).toBe(true);
    }
    expect(tilesNear({ minX: 375000, minY: 165000, maxX: 375000, maxY: 165000 })).toEqual(['ST76']);
  });
});

describe('inTileSql and onGridSql', () => {
  it('select a tile half-open, as tileOf assigns points, and the whole grid', () => {
    expect(inTileSql('ST76')).toBe(
      'x_coord >= 370000 AND x_coord < 380000 AND y_coord >= 160000 AND y_coord < 170000',
    );
    expect(inTileSql('ST76', 'u.x', 'u.y')).toBe(
      'u.x >= 370000 AND u.x < 380000 AND u.y >= 160000 AND u.y < 170000',
    );
    expect(onGridSql()).toBe('x_coord >= 0 AND x_coord < 700000 AND y_coord >= 0 AND y_coord < 1300000');
  });
});
