// GET /explorer: a page for looking at the API's answers (docs/explorer.md). Plain files checked in under
// serving/explorer/ and OpenLayers' prebuilt bundle from node_modules, read once at start-up and served
// without a key and without metering; the page itself calls the metered endpoints with the key its user
// types. Nothing to build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';

const PAGE_DIR = fileURLToPath(new URL('../explorer/', import.meta.url));
const require = createRequire(import.meta.url);

const TYPES = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
} as const;

/** URL → file and type. The page's own modules, then the map library's bundle and stylesheet. */
const FILES: Record<string, { file: string; type: keyof typeof TYPES }> = {
  '/explorer': { file: PAGE_DIR + 'index.html', type: 'html' },
  ...Object.fromEntries(
    ['app.js', 'api.js', 'cards.js', 'chart.js', 'map.js', 'energy-inputs.js', 'explorer.css'].map((name) => [
      `/explorer/${name}`,
      { file: PAGE_DIR + name, type: name.endsWith('.css') ? 'css' : 'js' },
    ]),
  ),
  '/explorer/vendor/ol.js': { file: require.resolve('ol/dist/ol.js'), type: 'js' },
  '/explorer/vendor/ol.css': { file: require.resolve('ol/ol.css'), type: 'css' },
};

export const EXPLORER_ROUTES = Object.keys(FILES).map((path) => ({ path, method: 'GET' as const }));

// Same origin only: the page's scripts, styles and API calls; no inline script; images only as data: URLs
// (OpenLayers' canvas export). OpenLayers sets style attributes on the elements it makes, hence
// 'unsafe-inline' for styles alone.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function explorerRouter(): Router {
  const router = Router();
  for (const [path, { file, type }] of Object.entries(FILES)) {
    const body = readFileSync(file);
    router.get(path, (_req, res) => {
      res.setHeader('content-security-policy', CSP);
      res.setHeader('cache-control', 'no-cache');
      res.type(TYPES[type]).send(body);
    });
  }
  return router;
}
