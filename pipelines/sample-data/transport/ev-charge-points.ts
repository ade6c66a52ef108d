// Sample charge points: the National Chargepoint Registry's bulk CSV export (WGS84, LF, eight connector
// column groups), random points near each area, with the rows the loader corrects or leaves out: a
// duplicate, swapped coordinates, ChargePlace Scotland's positive longitudes, latitude 0, a time in the
// postcode.
import { join } from 'node:path';
import { bngToWgs84 } from '../../geo/bng';
import type { SampleArea } from '../areas';
import { dirOf, writeCsv, type PlanningSampleFile } from '../planning/layer-files';
import { hashSeed, Rng } from '../rng';

const NCR_CORE = [
  'chargeDeviceID',
  'reference',
  'name',
  'latitude',
  'longitude',
  'town',
  'county',
  'postcode',
  'deviceOwnerName',
  'deviceControllerName',
  'deviceNetworks',
  'chargeDeviceStatus',
  'dateCreated',
  'dateUpdated',
  'paymentRequired',
  'paymentRequiredDetails',
  'subscriptionRequired',
  'subscriptionRequiredDetails',
  'parkingFeesFlag',
  'onStreetFlag',
  'locationType',
  'access24Hours',
];
const NCR_CONNECTOR = [
  'ID',
  'Type',
  'RatedOutputKW',
  'OutputCurrent',
  'RatedVoltage',
  'ChargeMethod',
  'ChargeMode',
  'TetheredCable',
  'Status',
  'Description',
];

export function chargePoints(areas: readonly SampleArea[], outDir: string, seed: number): PlanningSampleFile {
  const header = [
    ...NCR_CORE,
    ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => NCR_CONNECTOR.map((f) => `connector${n}${f}`)),
  ];
  const rows: string[][] = [];
  const row = (
    id: string,
    name: string,
    lat: string,
    lon: string,
    town: string,
    postcode: string,
    status = 'In service',
  ): string[] => {
    const core = [
      id,
      `REF-${id.slice(0, 6)}`,
      name,
      lat,
      lon,
      town,
      '',
      postcode,
      'Sample Charging Ltd',
      'Sample Charging Ltd',
      'Sample Network',
      status,
      '2021-06-01 10:00:00',
      '2024-02-01 09:00:00',
      'TRUE',
      'Pay by app',
      'FALSE',
      '',
      'FALSE',
      '1',
      'Other',
      'TRUE',
    ];
    const connectors = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) =>
      n <= 2
        ? [String(n), 'Type 2 Mennekes', '7', '32', '230', 'Single Phase AC', '3', 'FALSE', 'In service', '']
        : NCR_CONNECTOR.map(() => ''),
    );
    return [...core, ...connectors];
  };
  for (const area of areas) {
    const rng = new Rng(hashSeed(seed, 'charge-points', area.id));
    const postcode = area.districts[0]!.outward;
    for (let i = 0; i < 40; i++) {
      const r = 3000 * Math.sqrt(rng.next());
      const a = 2 * Math.PI * rng.next();
      const { latitude, longitude } = bngToWgs84(
        area.centre.x + r * Math.cos(a),
        area.centre.y + r * Math.sin(a),
      );
      const id = (hashSeed(seed, area.id, i).toString(16).padStart(8, '0') + area.id)
        .padEnd(32, '0')
        .slice(0, 32);
      let lat = latitude.toFixed(6);
      let lon = longitude.toFixed(6);
      // Messy rows the loader corrects: swapped coordinates, ChargePlace Scotland's positive longitudes.
      if (i === 3) [lat, lon] = [lon, lat];
      if (area.country === 'Scotland' && i % 5 === 1) lon = Math.abs(longitude).toFixed(6);
      rows.push(
        row(
          id,
          `${area.name} charger ${i + 1}`,
          lat,
          lon,
          area.postTown,
          i === 7 ? '20:00' : `${postcode} ${1 + (i % 9)}AB`,
          i === 9 ? 'Out of service' : 'In service',
        ),
      );
      if (i === 5)
        rows.push(
          row(id, `${area.name} charger ${i + 1} (duplicate)`, lat, lon, area.postTown, `${postcode} 1AB`),
        );
    }
    rows.push(row(`bad0${area.id}`.padEnd(32, '0'), 'Zero latitude', '0', '-2.3', area.postTown, ''));
  }
  const path = join(dirOf(outDir, 'ncr-charge-points'), 'national-charge-point-registry.csv');
  return {
    dataset: 'ncr-charge-points',
    format: 'csv (National Chargepoint Registry bulk export, WGS84, LF)',
    file: writeCsv(path, header, rows, '\n'),
  };
}
