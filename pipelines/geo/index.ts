// The spatial engine's public API: geometry types, the planar kernel (BNG metres), pieces, tiles and indexes.
export * from './geometry';
export * from './bng';
export * from './orient';
export * from './point-in-polygon';
export * from './nearest';
export * from './azimuth';
export * from './circle-area';
export * from './clip';
export * from './pieces';
export * from './tiles';
export * from './feature-index';
export * from './point-index';
