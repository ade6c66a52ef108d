// The explorer's wiring: the key field (sessionStorage only), the look-up form, map clicks, and the cards.
// A UPRN asks GET /properties, then POST /energy-model (inputs from its certificate) and GET /features around
// it; a postcode asks GET /addresses and lists its properties to pick a UPRN from; a map point asks
// GET /location and GET /features. Errors are the API's own messages, announced in the status line
// (role=status, aria-live).
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
const choices = $('choices');
const addressList = $('address-list');

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

/** Empties the cards, the map and its summary. */
function clearResults() {
  cards.replaceChildren();
  map.clear();
  $('map-summary').textContent = '';
}

let generation = 0;
/**
 * Runs one look-up; a newer one makes the older one's late answers drop. `work` may return the status to
 * show when it is done (default "Showing <label>.").
 */
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
    const done = await work(current);
    if (current()) say(done ?? `Showing ${label}.`, 'done');
  } catch (error) {
    if (!current()) return;
    clearResults();
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
  // The postcode's list stays, but no property of it is shown any more.
  for (const b of addressList.querySelectorAll('[aria-current]')) b.removeAttribute('aria-current');
  return lookUp(`the point ${point.latitude}, ${point.longitude}`, async (current) => {
    const location = await getJson('/location', point);
    if (!current()) return;
    cards.dataset.point = JSON.stringify(point);
    cards.replaceChildren(...locationCards(location));
    await showFeatures(point, current);
  });
}

/** The postcode's properties as a list of buttons; picking one looks its UPRN up. */
function listAddresses(answer) {
  addressList.replaceChildren(
    ...answer.addresses.map((a) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'choice';
      button.dataset.uprn = a.uprn;
      const address = document.createElement('span');
      address.className = 'choice-address';
      address.textContent = a.address ?? 'No address on record (no certificate)';
      const uprn = document.createElement('span');
      uprn.className = 'choice-uprn';
      uprn.textContent = `UPRN ${a.uprn}`;
      button.append(address, ' ', uprn);
      button.addEventListener('click', () => {
        for (const b of addressList.querySelectorAll('[aria-current]')) b.removeAttribute('aria-current');
        button.setAttribute('aria-current', 'true');
        void lookUpUprn(a.uprn);
      });
      const li = document.createElement('li');
      li.append(button);
      return li;
    }),
  );
  const more = answer.total - answer.addresses.length;
  $('choices-title').textContent =
    `Properties in ${answer.postcode} (${answer.total})` +
    (more > 0 ? `, the first ${answer.addresses.length}` : '');
  choices.hidden = false;
}

// Up and Down (Home, End) move along the list, as Tab and Shift+Tab do.
addressList.addEventListener('keydown', (e) => {
  const buttons = [...addressList.querySelectorAll('button')];
  const i = buttons.indexOf(document.activeElement);
  const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (i < 0 || to === undefined || !buttons[to]) return;
  e.preventDefault();
  buttons[to].focus();
});

function lookUpPostcode(postcode) {
  return lookUp(`postcode ${postcode}`, async (current) => {
    choices.hidden = true;
    const answer = await getJson('/addresses', { postcode });
    if (!current()) return;
    clearResults();
    listAddresses(answer);
    addressList.querySelector('button')?.focus();
    const n = answer.total;
    return `${n} propert${n === 1 ? 'y' : 'ies'} in ${answer.postcode}: pick one from the list.`;
  });
}

const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? *\d[A-Z]{2}$/i;
$('search-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = query.value.trim();
  if (/^\d{1,12}$/.test(text)) {
    choices.hidden = true;
    void lookUpUprn(text);
  } else if (POSTCODE.test(text)) void lookUpPostcode(text);
  else say('Enter a UPRN (digits, up to 12) or a full postcode such as SW6 1PN.', 'error');
});
