import type { ServiceConfig } from '../config';

/** The alias API readers use for UPRN documents; each refresh points it at a new versioned index. */
export const propertiesAlias = (config: Pick<ServiceConfig, 'indexPrefix'>): string =>
  `${config.indexPrefix}-properties`;

/**
 * The alias of the pieces the properties documents share (the EPC statistics of each area, serving/repository/
 * stored-property.ts), built with them and moved with their alias in one call.
 */
export const sharedPiecesAlias = (config: Pick<ServiceConfig, 'indexPrefix'>): string =>
  `${config.indexPrefix}-shared-pieces`;

/** The alias of the feature index (pieces of flood, terrain and coast layers) that live answers query. */
export const featuresAlias = (config: Pick<ServiceConfig, 'indexPrefix'>): string =>
  `${config.indexPrefix}-features`;
