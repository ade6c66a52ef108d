// GET /openapi.json and GET /docs: the public contract. They need no key (the contract is public; clients
// generate code from it) and cost nothing. Both are built once at start-up.
import { Router } from 'express';
import { buildOpenApi, renderDocs } from '../openapi';

export const CONTRACT_ROUTES = [
  { path: '/openapi.json', method: 'GET' as const },
  { path: '/docs', method: 'GET' as const },
];

export function contractRouter(): Router {
  const doc = buildOpenApi();
  const html = renderDocs(doc);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(doc);
  });
  router.get('/docs', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.setHeader(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    res.type('html').send(html);
  });
  return router;
}
