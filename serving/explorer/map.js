// The map: OpenLayers (its prebuilt bundle, the global `ol`) drawing GET /features' GeoJSON on a Canvas,
// with no base tiles and no fonts fetched (the page must work with no internet). One style per `layer`, a
// legend of the layers drawn, a marker at the place looked up; a click, or Enter on the focused map, asks for
// the point under it. Keyboard: OpenLayers' own arrow-key pan and +/- zoom on the focused map.
const LAYERS = {
  flood_zones: { label: 'Flood zones', fill: 'rgba(37, 99, 235, 0.25)', stroke: '#1d4ed8' },
  recorded_flood_outlines: {
    label: 'Recorded flood outlines',
    fill: 'rgba(14, 116, 144, 0.2)',
    stroke: '#0e7490',
    dash: [6, 4],
  },
  flood_defences: { label: 'Flood defences', stroke: '#7c2d12', width: 3 },
  coast: { label: 'Coast', stroke: '#0f172a', width: 2 },
  nearest_coastal_point: { label: 'Nearest coastal point', point: '#0f172a' },
  conservation_areas: { label: 'Conservation areas', fill: 'rgba(217, 119, 6, 0.22)', stroke: '#b45309' },
  world_heritage_sites: {
    label: 'World Heritage Sites',
    fill: 'rgba(147, 51, 234, 0.18)',
    stroke: '#7e22ce',
  },
  national_parks: { label: 'National parks', fill: 'rgba(22, 101, 52, 0.15)', stroke: '#166534' },
  greenspace: { label: 'Greenspace', fill: 'rgba(34, 197, 94, 0.3)', stroke: '#15803d' },
  listed_buildings: { label: 'Listed buildings', point: '#be123c' },
};
const OTHER = { label: 'Other', fill: 'rgba(100, 116, 139, 0.2)', stroke: '#475569' };

function styleOf(spec) {
  const { Style, Fill, Stroke, Circle } = ol.style;
  if (spec.point) {
    return new Style({
      image: new Circle({
        radius: 5,
        fill: new Fill({ color: spec.point }),
        stroke: new Stroke({ color: '#fff', width: 1.5 }),
      }),
    });
  }
  return new Style({
    fill: spec.fill ? new Fill({ color: spec.fill }) : undefined,
    stroke: new Stroke({ color: spec.stroke, width: spec.width ?? 1.5, lineDash: spec.dash }),
  });
}

export function createMap(target, legend, onPick) {
  const styles = Object.fromEntries(
    Object.entries({ ...LAYERS, other: OTHER }).map(([k, v]) => [k, styleOf(v)]),
  );
  const features = new ol.source.Vector();
  const marker = new ol.source.Vector();
  const { Style, Fill, Stroke, Circle } = ol.style;
  const map = new ol.Map({
    target,
    layers: [
      new ol.layer.Vector({ source: features, style: (f) => styles[f.get('layer')] ?? styles.other }),
      new ol.layer.Vector({
        source: marker,
        style: new Style({
          image: new Circle({
            radius: 8,
            fill: new Fill({ color: '#111827' }),
            stroke: new Stroke({ color: '#facc15', width: 3 }),
          }),
        }),
      }),
    ],
    view: new ol.View({ center: ol.proj.fromLonLat([-2.5, 54.2]), zoom: 5 }),
    keyboardEventTarget: target,
  });
  const pick = (coordinate) => {
    const [longitude, latitude] = ol.proj.toLonLat(coordinate);
    onPick({ latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) });
  };
  map.on('singleclick', (e) => pick(e.coordinate));
  target.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') pick(map.getView().getCenter());
  });

  let rendered = 0;
  map.on('postrender', () => {
    target.dataset.renderedFeatures = String(rendered);
  });

  return {
    /** Draws a FeatureCollection around a point and fits the view to its radius; returns the count per layer. */
    show(collection, point, radius) {
      const drawn = new ol.format.GeoJSON().readFeatures(collection, { featureProjection: 'EPSG:3857' });
      features.clear();
      features.addFeatures(drawn);
      marker.clear();
      const at = ol.proj.fromLonLat([point.longitude, point.latitude]);
      marker.addFeature(new ol.Feature(new ol.geom.Point(at)));
      // The circle asked for, in Web Mercator metres (which stretch by 1/cos(latitude)); features reaching
      // beyond it (a long coast, a national park) are clipped by the view rather than zooming it out.
      const half = radius / Math.cos((point.latitude * Math.PI) / 180);
      map.getView().fit([at[0] - half, at[1] - half, at[0] + half, at[1] + half], { padding: [8, 8, 8, 8] });
      const counts = {};
      for (const f of drawn) counts[f.get('layer')] = (counts[f.get('layer')] ?? 0) + 1;
      rendered = drawn.length;
      target.dataset.features = String(drawn.length);
      legend.replaceChildren(
        ...Object.entries(counts).map(([layer, n]) => {
          const spec = LAYERS[layer] ?? OTHER;
          const li = document.createElement('li');
          li.dataset.layer = layer;
          const swatch = document.createElement('span');
          swatch.className = spec.point ? 'swatch dot' : 'swatch';
          swatch.style.background = spec.point ?? spec.fill ?? 'transparent';
          swatch.style.borderColor = spec.point ?? spec.stroke;
          li.append(swatch, `${spec.label} (${n})`);
          return li;
        }),
      );
      return counts;
    },
    clear() {
      features.clear();
      marker.clear();
      legend.replaceChildren();
      rendered = 0;
      target.dataset.features = '0';
    },
  };
}
