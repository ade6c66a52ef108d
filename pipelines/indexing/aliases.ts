import type { ServiceConfig } from '../config';

/** The alias API readers use for UPRN documents; each refresh points it at a new versioned index. */
export const propertiesAlias = (config: Pick<ServiceConfig, 'indexPrefix'>): string =>
  `${config.indexPrefix}-properties`;
