// The energy model's monthly answer as an SVG stacked bar chart (no chart library): one bar a month, January
// first (docs/energy-model.md), stacked by use, with a table of the same numbers for screen readers.
const SVG = 'http://www.w3.org/2000/svg';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const SERIES = [
  { key: 'space_heating_monthly', label: 'Space heating', colour: '#c2410c' },
  { key: 'hot_water_monthly', label: 'Hot water', colour: '#2563eb' },
  { key: 'lighting_monthly', label: 'Lighting', colour: '#ca8a04' },
];

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A figure holding the chart and its table, for an energy-model response. */
export function monthlyChart(model) {
  const width = 340;
  const height = 200;
  const pad = { left: 44, right: 6, top: 8, bottom: 22 };
  const totals = MONTHS.map((_, m) => SERIES.reduce((sum, s) => sum + model[s.key][m], 0));
  const max = Math.max(1, ...totals);
  const step = 10 ** Math.floor(Math.log10(max));
  const top = Math.ceil(max / step) * step;
  const y = (v) => pad.top + (height - pad.top - pad.bottom) * (1 - v / top);
  const slot = (width - pad.left - pad.right) / 12;

  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-labelledby': 'energy-chart-title',
    class: 'chart',
  });
  svg.append(el('title', { id: 'energy-chart-title' }, 'Modelled energy use by month, kWh'));
  for (const v of [0, top / 2, top]) {
    svg.append(el('line', { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: 'grid' }));
    svg.append(
      el(
        'text',
        { x: pad.left - 4, y: y(v) + 4, 'text-anchor': 'end' },
        Math.round(v).toLocaleString('en-GB'),
      ),
    );
  }
  MONTHS.forEach((month, m) => {
    let base = 0;
    const x = pad.left + m * slot + slot * 0.15;
    for (const s of SERIES) {
      const v = model[s.key][m];
      const bar = el('rect', {
        x,
        width: slot * 0.7,
        y: y(base + v),
        height: y(base) - y(base + v),
        fill: s.colour,
      });
      bar.dataset.series = s.key;
      bar.dataset.value = String(v);
      bar.append(el('title', {}, `${month} ${s.label}: ${Math.round(v).toLocaleString('en-GB')} kWh`));
      svg.append(bar);
      base += v;
    }
    svg.append(el('text', { x: x + slot * 0.35, y: height - 6, 'text-anchor': 'middle' }, month));
  });

  const table = document.createElement('table');
  table.className = 'visually-hidden';
  table.innerHTML = `<caption>Modelled energy use by month, kWh</caption><thead><tr><th scope="col">Month</th>${SERIES.map(
    (s) => `<th scope="col">${s.label}</th>`,
  ).join('')}</tr></thead>`;
  const body = table.createTBody();
  MONTHS.forEach((month, m) => {
    const row = body.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = month;
    row.append(th);
    for (const s of SERIES)
      row.insertCell().textContent = Math.round(model[s.key][m]).toLocaleString('en-GB');
  });

  const key = document.createElement('ul');
  key.className = 'chart-key';
  key.setAttribute('aria-hidden', 'true');
  for (const s of SERIES) {
    const li = document.createElement('li');
    li.innerHTML = `<span class="swatch" style="background:${s.colour}"></span>${s.label}`;
    key.append(li);
  }
  const figure = document.createElement('figure');
  figure.append(svg, key, table);
  return figure;
}
