// POST /energy-model's body for a property, from its latest certificate (the `energy.epcs.epc` record of
// GET /properties): the postcode as the location, the dwelling type, the first year of its age band, its
// floor area and main fuel. Null when the certificate lacks what the model requires.
const FUELS = [
  [/mains gas/i, 'Mains Gas'],
  [/electric/i, 'Electricity'],
  [/lpg|bottled/i, 'Lpg'],
  [/oil/i, 'Oil'],
  [/coal|anthracite/i, 'House Coal'],
  [/wood|biomass/i, 'Wood Logs'],
];

function buildingType(epc) {
  const type = `${epc.property_type ?? ''}`.toLowerCase();
  const form = `${epc.built_form ?? ''}`.toLowerCase();
  if (type.includes('flat') || type.includes('maisonette')) return 'Flat';
  if (form.includes('semi')) return 'Semi-detached';
  if (form.includes('terrace')) return 'Terraced';
  if (form.includes('detached')) return 'Detached';
  return null;
}

// "before 1900" → 1899; "1930-1949" → 1930; "2012 onwards" → 2012.
function constructionYear(band) {
  if (typeof band !== 'string') return null;
  const year = /\d{4}/.exec(band);
  if (!year) return null;
  return /before/i.test(band) ? Number(year[0]) - 1 : Number(year[0]);
}

export function energyModelBody(property) {
  const epc = property.energy?.epcs?.epc;
  const location = epc?.postcode ?? property.admin_boundaries?.postcode;
  if (!epc || !location) return null;
  const building_type = buildingType(epc);
  const construction_year = constructionYear(epc.construction_age_band);
  if (!building_type || !construction_year) return null;
  const fuel = FUELS.find(([pattern]) => pattern.test(epc.main_fuel ?? ''))?.[1];
  const options = typeof epc.total_floor_area === 'number' ? { total_floor_area: epc.total_floor_area } : {};
  return { location, building_type, construction_year, ...(fuel ? { primary_fuel: fuel } : {}), options };
}
