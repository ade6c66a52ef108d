// Global setup of the `standalone` vitest project: the OSTN15 grid that pipelines/geo/bng.ts reads, installed
// once per machine (downloaded and converted the first time, a checksum check after that). The `integration`
// project gets it through `pds stack up`.
import { ensureOstn15Grid } from '../../infra/ostn15/install';

export default async function setup(): Promise<void> {
  await ensureOstn15Grid({ log: (msg) => console.log(`[ostn15] ${msg}`) });
}
