// The explorer's wiring: the key field (sessionStorage only), the look-up form, map clicks, and the cards.
// A UPRN asks GET /properties, then POST /energy-model (inputs from its certificate) and GET /features around
// it; a map point asks GET /location and GET /features. Errors are the API's own messages, announced in the
// status line (role=status, aria-live).
import { ApiError, getJson, postJson, storedKey, storeKey } from './api.js';
import { energyCard, locationCards, propertyCards } from './cards.js';
import { energyModelBody } from './energy-inputs.js';
import { createMap } from './map.js';

const FEATURE_RADIUS = 400;
const $ = (id) => document.getElementById(id);
const status = $('status');
const cards = $('cards');
const results = $('results');
const keyInput = $('api-key');
const query = $('query');

function say(message, kind = 'info') {
  status.textContent = message;
  status.dataset.kind = kind;
}

const describe = (error) =>
  error instanceof ApiError
    ? `${error.message} (${error.code}, HTTP ${error.status})`
    : `Request failed: ${error.message}`;

keyInput.value = storedKey();
keyInput.addEventListener('change', () => storeKey(keyInput.value.trim()));
$('forget-key').addEventListener('click', () => {
  storeKey('');
  keyInput.value = '';
  say('The key is forgotten.');
  keyInput.focus();
});

const map = createMap($('map'), $('legend'), (point) => void lookUpPoint(point));

let generation = 0;
/** Runs one look-up; a newer one makes the older one's late answers drop. */
async function lookUp(label, work) {
  storeKey(keyInput.value.trim());
  if (!storedKey()) {
    say('Enter an API key first.', 'error');
    keyInput.focus();
    return;
  }
  const mine = ++generation;
  const current = () => mine === generation;
  say(`Looking up ${label}…`);
  results.setAttribute('aria-busy', 'true');
  try {
    await work(current);
    if (current()) say(`Showing ${label}.`, 'done');
  } catch (error) {
    if (!current()) return;
    cards.replaceChildren();
    map.clear();
    say(describe(error), 'error');
  } finally {
    if (current()) results.setAttribute('aria-busy', 'false');
  }
}

async function showFeatures(point, current) {
  const summary = $('map-summary');
  try {
    const collection = await getJson('/features', {
      latitude: point.latitude,
      longitude: point.longitude,
      radius: FEATURE_RADIUS,
    });
    if (!current()) return;
    const counts = map.show(collection, point, FEATURE_RADIUS);
    const n = Object.values(counts).reduce((a, b) => a + b, 0);
    summary.textContent = `${n} feature${n === 1 ? '' : 's'} within ${FEATURE_RADIUS} m.`;
  } catch (error) {
    if (!current()) return;
    map.show({ type: 'FeatureCollection', features: [] }, point, FEATURE_RADIUS);
    summary.textContent = `No map features: ${describe(error)}`;
  }
}

function lookUpUprn(uprn) {
  return lookUp(`UPRN ${uprn}`, async (current) => {
    const property = await getJson('/properties', { uprn });
    if (!current()) return;
    cards.replaceChildren(...propertyCards(property));
    const body = energyModelBody(property);
    const energy = body
      ? postJson('/energy-model', body).then(
          (model) => energyCard(body, model),
          (error) => energyCard(body, null, `No energy model: ${describe(error)}`),
        )
      : Promise.resolve(
          energyCard(
            null,
            null,
            'No energy model: the certificate lacks the dwelling type, age or postcode.',
          ),
        );
    const [card] = await Promise.all([energy, showFeatures(property.location, current)]);
    if (current()) cards.children[1].after(card);
  });
}

function lookUpPoint(point) {
  return lookUp(`the point ${point.latitude}, ${point.longitude}`, async (current) => {
    const location = await getJson('/location', point);
    if (!current()) return;
    cards.dataset.point = JSON.stringify(point);
    cards.replaceChildren(...locationCards(location));
    await showFeatures(point, current);
  });
}

const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;
$('search-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = query.value.trim();
  if (/^\d{1,12}$/.test(text)) void lookUpUprn(text);
  else if (POSTCODE.test(text))
    say('The API has no postcode look-up yet: enter a UPRN, or click the map at the place.', 'error');
  else say('Enter a UPRN: digits only, up to 12.', 'error');
});
