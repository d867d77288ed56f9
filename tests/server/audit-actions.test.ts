// @vitest-environment node
// The audit log reads in words: every action and entity the server writes has a name in both
// languages (admin.audit.actions.<action>, admin.audit.entities.<entity>).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../schemas/audit.schema';

const SERVER = path.resolve(__dirname, '../../server');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function lookup(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>(
    (node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    catalogue,
  );
}

const untranslated = (keys: string[]) => keys.filter((key) => typeof lookup(esES, key) !== 'string' || typeof lookup(enUS, key) !== 'string');

describe('the actions of the audit log', () => {
  it('are every action the server writes (an `action: <entity>.<verb>` of a mutation or an audit row)', () => {
    const written = new Set<string>();
    for (const file of serverFiles(SERVER)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\baction: '([a-z]+\.[a-z]+)'/g)) written.add(match[1]!);
      // A record area's routes (server/kit/record-routes.ts) write `<entity>.<verb>` for the entity its record.ts names.
      if (path.basename(file) !== 'record.ts') continue;
      for (const match of text.matchAll(/\bentity: '([a-z]+)'/g)) for (const verb of ['create', 'update', 'delete']) written.add(`${match[1]!}.${verb}`);
    }
    // The example in the comment of server/db/versioned.ts is not an action.
    written.delete('x.update');
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('each have a name in Spanish and in English', () => {
    expect(untranslated(AUDIT_ACTIONS.map((action) => `admin.audit.actions.${action}`))).toEqual([]);
  });

  it('name entities that each have a name in Spanish and in English', () => {
    expect(untranslated(AUDIT_ENTITIES.map((entity) => `admin.audit.entities.${entity}`))).toEqual([]);
    const entitiesOfActions = new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]));
    // access.denied names the route that was refused.
    entitiesOfActions.delete('access');
    expect([...entitiesOfActions].filter((entity) => !(AUDIT_ENTITIES as readonly string[]).includes(entity!))).toEqual([]);
  });
});
