// Accounts in SQLite (WAL): API keys for now; subscriptions, credits and history join this store later.
// Everything goes through the AccountStore interface so a shared database can replace SQLite.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { generateApiKey, hashApiKey, hashesEqual, keyHint } from './api-keys';

export interface ApiKeyRecord {
  id: number;
  name: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface AccountStore {
  /** Creates a key and returns it in clear: the only time it is ever visible. */
  createKey(name: string): { key: string; record: ApiKeyRecord };
  /** The active key record for a presented key, or null when unknown or revoked. */
  authenticate(presentedKey: string): ApiKeyRecord | null;
  listKeys(): ApiKeyRecord[];
  revokeKey(id: number): boolean;
  close(): void;
}

interface KeyRow {
  id: number;
  name: string;
  key_hash: string;
  hint: string;
  created_at: string;
  revoked_at: string | null;
}

const toRecord = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

export function openAccountStore(path: string, now: () => Date = () => new Date()): AccountStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS api_keys (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    hint TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  )`);
  const insert = db.prepare('INSERT INTO api_keys (name, key_hash, hint, created_at) VALUES (?, ?, ?, ?)');
  const byHash = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE key_hash = ?');
  const byId = db.prepare<[number], KeyRow>('SELECT * FROM api_keys WHERE id = ?');
  const all = db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY id');
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');

  return {
    createKey(name) {
      const key = generateApiKey();
      const info = insert.run(name, hashApiKey(key), keyHint(key), now().toISOString());
      return { key, record: toRecord(byId.get(Number(info.lastInsertRowid))!) };
    },
    authenticate(presentedKey) {
      const hash = hashApiKey(presentedKey);
      const row = byHash.get(hash);
      if (!row || !hashesEqual(row.key_hash, hash) || row.revoked_at) return null;
      return toRecord(row);
    },
    listKeys: () => all.all().map(toRecord),
    revokeKey: (id) => revoke.run(now().toISOString(), id).changes === 1,
    close: () => db.close(),
  };
}
