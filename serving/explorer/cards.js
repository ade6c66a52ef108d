// The API's answers as readable cards. Every value shown is one field of one answer: its element carries
// the answer (data-source), the field's path (data-path) and the raw value (data-value), so the browser test
// checks each one against the API's own answer, and the text is that value formatted for people.
import { monthlyChart } from './chart.js';

const RATING_COLOURS = {
  A: '#008054',
  B: '#19b459',
  C: '#8dce46',
  D: '#ffd500',
  E: '#fcaa65',
  F: '#ef8023',
  G: '#e9153b',
};
const COUNTRIES = ['england', 'scotland', 'wales'];
const SOURCES = {
  rivers_and_seas: 'Rivers and sea',
  rivers_and_seas_climate_change: 'Rivers and sea, climate change',
  surface_water: 'Surface water',
  surface_water_climate_change: 'Surface water, climate change',
  coast: 'Coast',
  coast_climate_change: 'Coast, climate change',
  rivers: 'Rivers',
  rivers_climate_change: 'Rivers, climate change',
};

const at = (obj, path) => path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
const num = (v, digits = 0) => v.toLocaleString('en-GB', { maximumFractionDigits: digits });

const FORMATS = {
  text: (v) => String(v),
  bool: (v) => (v ? 'Yes' : 'No'),
  m: (v) => `${num(v)} m`,
  share: (v) => `${num(v * 100, 1)}%`,
  percent: (v) => `${num(v, 1)}%`,
  chance: (v) => (v === 0 ? 'none' : `${num(v * 100, 2)}% a year`),
  gbp: (v) => `£${num(v)}`,
  kwh: (v) => `${num(v)} kWh`,
  kg: (v) => `${num(v)} kg`,
  num: (v) => num(v, 2),
  degrees: (v) => v.toFixed(6),
  date: (v) => new Date(v).toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric' }),
};

/** An element showing `answer`'s field at `path`, formatted by `format`. */
function value(tag, source, answer, path, format = 'text') {
  const node = document.createElement(tag);
  const v = at(answer, path) ?? null;
  node.dataset.source = source;
  node.dataset.path = path;
  node.dataset.value = JSON.stringify(v);
  node.textContent = v === null ? '—' : FORMATS[format](v);
  return node;
}

function card(title, id) {
  const section = document.createElement('section');
  section.className = 'card';
  section.id = `card-${id}`;
  section.setAttribute('aria-labelledby', `card-${id}-title`);
  const h = document.createElement('h3');
  h.id = `card-${id}-title`;
  h.textContent = title;
  section.append(h);
  return section;
}

/** A definition list of [label, path, format] rows (or [label, element] for a value made otherwise). */
function fields(source, answer, rows) {
  const dl = document.createElement('dl');
  for (const [label, path, format] of rows) {
    const div = document.createElement('div');
    const dt = document.createElement('dt');
    dt.textContent = label;
    div.append(dt, typeof path === 'string' ? value('dd', source, answer, path, format) : path);
    dl.append(div);
  }
  return dl;
}

function subheading(text) {
  const h = document.createElement('h4');
  h.textContent = text;
  return h;
}

/**
 * The certificate's address: England and Wales have it whole (`address`), Scotland as lines (`address1` to
 * `address3`), shown joined by commas, each line its own field.
 */
function addressValue(answer) {
  const epc = 'energy.epcs.epc';
  const lines = ['address1', 'address2', 'address3'].filter((l) => at(answer, `${epc}.${l}`));
  if (at(answer, `${epc}.address`) || lines.length === 0)
    return value('dd', 'properties', answer, `${epc}.address`);
  const dd = document.createElement('dd');
  lines.forEach((l, i) =>
    dd.append(...(i ? [', '] : []), value('span', 'properties', answer, `${epc}.${l}`)),
  );
  return dd;
}

function locationCard(source, answer, boundaries) {
  const c = card('Place', 'place');
  const rows =
    source === 'properties'
      ? [
          ['UPRN', 'uprn'],
          ['Address', addressValue(answer)],
          ['Postcode', `${boundaries}.postcode`],
        ]
      : [];
  c.append(
    fields(source, answer, [
      ...rows,
      ['Local authority', `${boundaries}.local_authority_district_name`],
      ['Country', `${boundaries}.country_name`],
      ['Latitude', 'location.latitude', 'degrees'],
      ['Longitude', 'location.longitude', 'degrees'],
      ['Easting (BNG)', 'location.x_coord', 'num'],
      ['Northing (BNG)', 'location.y_coord', 'num'],
    ]),
  );
  return c;
}

function floodCard(source, answer) {
  const c = card('Flood risk', 'flood');
  for (const country of COUNTRIES) {
    const block = at(answer, `flood_risk.${country}`);
    if (!block) continue;
    const table = document.createElement('table');
    table.innerHTML = `<caption>${country[0].toUpperCase()}${country.slice(1)}</caption><thead><tr><th scope="col">Source</th><th scope="col">In a zone</th><th scope="col">Risk</th><th scope="col">Chance</th><th scope="col">Nearest zone</th></tr></thead>`;
    const body = table.createTBody();
    for (const key of Object.keys(block)) {
      const p = `flood_risk.${country}.${key}`;
      const row = body.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = SOURCES[key] ?? key;
      row.append(
        th,
        value('td', source, answer, `${p}.in_flood_risk_zone`, 'bool'),
        value('td', source, answer, `${p}.flood_risk_description`),
        value('td', source, answer, `${p}.annual_flood_risk`, 'chance'),
        value('td', source, answer, `${p}.nearest_flood_risk_zone.distance`, 'm'),
      );
    }
    c.append(table);
  }
  if (c.querySelectorAll('table').length === 0)
    c.append(Object.assign(document.createElement('p'), { textContent: 'No flood risk answer here.' }));
  return c;
}

function planningCard(source, answer) {
  const c = card('Planning designations', 'planning');
  const p = 'planning';
  c.append(
    subheading('Conservation areas'),
    fields(source, answer, [
      ['In a conservation area', `${p}.conservation_areas.in_conservation_area`, 'bool'],
      ['Share of the 1 km around', `${p}.conservation_areas.conservation_area_proportion`, 'share'],
      ['Nearest', `${p}.conservation_areas.nearest_conservation_area.name`],
      ['Distance', `${p}.conservation_areas.nearest_conservation_area.distance`, 'm'],
    ]),
    subheading('Listed buildings nearby'),
  );
  const listed = at(answer, `${p}.listed_buildings.nearest_listed_buildings`) ?? [];
  const ol = document.createElement('ol');
  listed.slice(0, 3).forEach((_, i) => {
    const li = document.createElement('li');
    const b = `${p}.listed_buildings.nearest_listed_buildings.${i}`;
    // Scotland lists by category (A, B, C: `listing_grade`), England and Wales by grade (I, II*, II).
    const scottish = at(answer, `${b}.grade`) == null && at(answer, `${b}.listing_grade`) != null;
    li.append(
      value('span', source, answer, `${b}.name`),
      scottish ? ', category ' : ', grade ',
      value('span', source, answer, scottish ? `${b}.listing_grade` : `${b}.grade`),
      ', ',
      value('span', source, answer, `${b}.distance`, 'm'),
    );
    ol.append(li);
  });
  if (listed.length === 0)
    ol.append(Object.assign(document.createElement('li'), { textContent: 'None within 1 km' }));
  c.append(
    ol,
    subheading('World Heritage Sites'),
    fields(source, answer, [
      ['In a World Heritage Site', `${p}.world_heritage_sites.in_world_heritage_site`, 'bool'],
      ['Nearest', `${p}.world_heritage_sites.nearest_world_heritage_site.name`],
      ['Distance', `${p}.world_heritage_sites.nearest_world_heritage_site.distance`, 'm'],
    ]),
    subheading('National parks'),
    fields(source, answer, [
      ['In a national park', `${p}.national_parks.in_national_park`, 'bool'],
      ['Nearest', `${p}.national_parks.nearest_national_park.name`],
      ['Distance', `${p}.national_parks.nearest_national_park.distance`, 'm'],
    ]),
  );
  return c;
}

function ratingBadge(source, answer, path) {
  const badge = value('span', source, answer, path);
  badge.className = 'rating';
  const letter = at(answer, path);
  if (RATING_COLOURS[letter]) badge.style.background = RATING_COLOURS[letter];
  return badge;
}

function epcCard(answer) {
  const c = card('Energy performance certificate', 'epc');
  const e = 'energy.epcs';
  if (!at(answer, `${e}.epc`)) {
    c.append(
      Object.assign(document.createElement('p'), { textContent: 'No certificate for this property.' }),
    );
    return c;
  }
  const ratings = document.createElement('div');
  ratings.className = 'ratings';
  for (const [label, which] of [
    ['Current', 'current'],
    ['Potential', 'potential'],
  ]) {
    const box = document.createElement('div');
    box.append(
      Object.assign(document.createElement('span'), { className: 'rating-label', textContent: label }),
      ratingBadge('properties', answer, `${e}.epc.energy_rating_${which}`),
      value('span', 'properties', answer, `${e}.epc.energy_efficiency_${which}`),
    );
    ratings.append(box);
  }
  c.append(
    ratings,
    fields('properties', answer, [
      ['Lodged', `${e}.epc.lodgement_date`, 'date'],
      ['In date', `${e}.epc_in_date`, 'bool'],
      ['Expires', `${e}.epc_expiry`, 'date'],
      ['Floor area (m²)', `${e}.epc.total_floor_area`, 'num'],
      ['Main fuel', `${e}.epc.main_fuel`],
    ]),
  );
  return c;
}

/** The energy model card: `model` is the answer to `request` (or null with a reason). */
export function energyCard(request, model, reason) {
  const c = card('Energy model', 'energy');
  if (!model) {
    c.append(Object.assign(document.createElement('p'), { textContent: reason }));
    return c;
  }
  c.dataset.request = JSON.stringify(request);
  c.append(
    fields('energy-model', model, [
      ['Energy use a year', 'total_energy_usage', 'kwh'],
      ['Cost a year', 'total_cost_annual', 'gbp'],
      ['CO2 a year', 'total_co2_equivalent_annual', 'kg'],
      ['Dwelling type', 'parameters.building_type'],
      ['Age band', 'parameters.building_age_band'],
      ['Climate region', 'parameters.climate_region'],
    ]),
    monthlyChart(model),
  );
  return c;
}

function areaCard(source, answer, social, energy) {
  const c = card('Area statistics', 'area');
  const hpi = `${social}.house_price_index`;
  const fp = `${social}.fuel_poverty`;
  c.append(
    subheading('House prices'),
    fields(source, answer, [
      ['Area', `${hpi}.region_name`],
      ['Month', `${hpi}.date`],
      ['Average price', `${hpi}.average_price`, 'gbp'],
      ['Change over 12 months', `${hpi}.percentage_change_12_months`, 'percent'],
    ]),
    subheading('Fuel poverty'),
    // The fuel poverty statistics are England's (spec 2.8): elsewhere the block is null.
    at(answer, fp) == null
      ? Object.assign(document.createElement('p'), { textContent: 'Published for England only.' })
      : fields(source, answer, [
          [
            'Neighbourhood (LSOA)',
            `${fp}.lower_layer_super_output_area.fuel_poor_household_percentage`,
            'percent',
          ],
          ['Local authority', `${fp}.local_authority.fuel_poor_household_percentage`, 'percent'],
          ['Region', `${fp}.region.fuel_poor_household_percentage`, 'percent'],
        ]),
  );
  if (energy) {
    const lsoa = `${energy}.lower_layer_super_output_area`;
    c.append(
      subheading('Metered energy use, neighbourhood mean'),
      fields(source, answer, [
        ['Gas', `${lsoa}.mean_gas_usage`, 'kwh'],
        ['Electricity', `${lsoa}.mean_electricity_usage`, 'kwh'],
      ]),
    );
  }
  return c;
}

/** Cards for GET /properties' answer (the energy card is added when its answer comes). */
export function propertyCards(property) {
  return [
    locationCard('properties', property, 'admin_boundaries'),
    epcCard(property),
    floodCard('properties', property),
    planningCard('properties', property),
    areaCard('properties', property, 'social', 'energy.average_energy_usage_stats'),
  ];
}

/** Cards for GET /location's answer. */
export function locationCards(location) {
  return [
    locationCard('location', location, 'admin_boundaries'),
    floodCard('location', location),
    planningCard('location', location),
    areaCard('location', location, 'social', null),
  ];
}
