// @vitest-environment node
// The record kit on its own: a tiny record area defined here on a throw-away table (a store, a
// rules object and a few lines of configuration), served by a bare Fastify with the product's
// error handler, so what the kit does is seen apart from any real area.
import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/audit';
import { editedColumns } from '../../server/db/schema/columns';
import type { UserRow } from '../../server/db/schema/app';
import { recordMutations } from '../../server/kit/record-mutations';
import { recordRoutes } from '../../server/kit/record-handlers';
import { readFacts, recordStore } from '../../server/kit/record-store';
import errorHandlerPlugin from '../../server/plugins/error-handler';
import { startTestApp, type TestApp } from './helpers';

const notes = pgTable('kit_notes', { id: serial('id').primaryKey(), titulo: text('titulo').notNull(), paginas: integer('paginas').notNull(), ...editedColumns() });
const sideWrites = pgTable('kit_side_writes', { id: serial('id').primaryKey(), nota: text('nota').notNull() });

type Note = { id: number; titulo: string; paginas: number; version: number; created_by: string | null; updated_by: string | null };
type NoteCreate = { titulo: string; paginas: number };

const noteStore = recordStore({ table: notes, notFound: 'APP_ERR_ROLE_NOT_FOUND' });

// The "rules file" of the tiny area: a title is stored trimmed; a note of more than 100 pages
// is refused beside its field, after a write the refusal must roll back; a note titled
// "guardada" is kept from deletion.
const noteMutations = recordMutations({
  store: noteStore,
  createValues: (body: NoteCreate) => ({ titulo: body.titulo.trim(), paginas: body.paginas }),
  updatedValues: (stored, changes) => ({ ...stored, ...changes, titulo: (changes.titulo ?? stored.titulo).trim() }),
  check: async (tx, values, { changed }) => {
    await tx.insert(sideWrites).values({ nota: values.titulo });
    const facts = await readFacts(tx, { sameTitle: sql<boolean>`exists(select 1 from "kit_notes" where "titulo" = ${values.titulo})` });
    const problems = [];
    if (changed('paginas') && values.paginas > 100) problems.push({ instancePath: '/paginas', keyword: 'maximum', message: 'at most 100 pages' });
    if (changed('titulo') && facts.sameTitle) problems.push({ instancePath: '/titulo', keyword: 'unique', message: 'taken' });
    return problems;
  },
  deleteRefusal: (_tx, note) => (note.titulo === 'guardada' ? 'APP_ERR_RECORD_IN_USE' : null),
});

let t: TestApp;
let app: FastifyInstance;
let caller: UserRow;

beforeAll(async () => {
  t = await startTestApp();
  caller = await t.createUser({ email: 'kit@example.test' });
  await t.db.execute(sql`create table "kit_notes" (
    "id" serial primary key, "titulo" text not null, "paginas" integer not null,
    "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(),
    "created_by" text, "updated_by" text, "version" integer not null default 1,
    constraint "kit_notes_paginas" check ("paginas" > 0))`);
  await t.db.execute(sql`create table "kit_side_writes" ("id" serial primary key, "nota" text not null)`);

  // The audit entity must be one of the catalogue's: the notes borrow the role's.
  const kit = recordRoutes(t.db, { entity: 'role', read: noteStore.read, ...noteMutations, refusals: { write: { check: 'APP_ERR_REQUEST_INVALID' } } });
  app = Fastify();
  await app.register(errorHandlerPlugin);
  app.addHook('onRequest', async (request) => {
    request.user = caller;
  });
  app.get('/notes/:id', kit.read);
  app.post('/notes', kit.create);
  app.patch('/notes/:id', kit.update);
  app.post('/notes/update', kit.update);
  app.delete('/notes/:id', kit.delete);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entity_id, String(id)), eq(auditLog.actor_email, caller.email)))
    .orderBy(auditLog.id);

async function created(titulo: string, paginas = 10): Promise<Note> {
  const answer = await app.inject({ method: 'POST', url: '/notes', payload: { titulo, paginas } });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data;
}

describe('the record kit', () => {
  it('creates a record with its stamps (201), reads it, and writes one audit row in the same transaction', async () => {
    const note = await created('  primera  ');
    expect(note).toMatchObject({ titulo: 'primera', paginas: 10, version: 1, created_by: caller.email, updated_by: caller.email });
    expect((await app.inject({ method: 'GET', url: `/notes/${note.id}` })).json().data).toMatchObject({ id: note.id, titulo: 'primera' });
    const rows = await auditOf(note.id);
    expect(rows).toMatchObject([{ action: 'role.create', actor_email: caller.email, before: null, after: { titulo: 'primera' } }]);
  });

  it('lays an update over the stored record, raises its version, and audits before and after; the id may come in the body', async () => {
    const note = await created('segunda');
    const updated = await app.inject({ method: 'PATCH', url: `/notes/${note.id}`, payload: { paginas: 20, version: 1 } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ titulo: 'segunda', paginas: 20, version: 2 });
    const byBody = await app.inject({ method: 'POST', url: '/notes/update', payload: { id: note.id, titulo: 'segunda bis', version: 2 } });
    expect(byBody.json().data).toMatchObject({ titulo: 'segunda bis', paginas: 20, version: 3 });
    const rows = await auditOf(note.id);
    expect(rows.map((row) => row.action)).toEqual(['role.create', 'role.update', 'role.update']);
    expect(rows[1]).toMatchObject({ before: { paginas: 10, version: 1 }, after: { paginas: 20, version: 2 } });
  });

  it('answers 409 to a stale version and the area’s 404 to a missing record, writing nothing', async () => {
    const note = await created('tercera');
    const stale = await app.inject({ method: 'PATCH', url: `/notes/${note.id}`, payload: { paginas: 30, version: 7 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('APP_ERR_RECORD_STALE');
    for (const request of [
      { method: 'GET', url: '/notes/999999' },
      { method: 'PATCH', url: '/notes/999999', payload: { paginas: 30, version: 1 } },
      { method: 'DELETE', url: '/notes/999999' },
    ] as const) {
      const missing = await app.inject(request);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('APP_ERR_ROLE_NOT_FOUND');
    }
    expect((await app.inject({ method: 'GET', url: `/notes/${note.id}` })).json().data).toMatchObject({ paginas: 10, version: 1 });
    expect(await auditOf(note.id)).toHaveLength(1);
  });

  it('refuses a broken rule with a 400 beside its field and rolls back what the transaction wrote before it', async () => {
    const before = await t.db.select().from(sideWrites);
    const refused = await app.inject({ method: 'POST', url: '/notes', payload: { titulo: 'larga', paginas: 500 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'APP_ERR_REQUEST_INVALID', details: [{ instancePath: '/paginas', keyword: 'maximum' }] });
    expect(await t.db.select().from(notes).where(eq(notes.titulo, 'larga'))).toEqual([]);
    expect(await t.db.select().from(sideWrites)).toEqual(before);
  });

  it('judges on an update only the fields the request set, and reads the rules’ facts in the same transaction', async () => {
    await created('cuarta');
    const note = await created('quinta');
    const taken = await app.inject({ method: 'PATCH', url: `/notes/${note.id}`, payload: { titulo: 'cuarta', version: 1 } });
    expect(taken.json()).toMatchObject({ code: 'APP_ERR_REQUEST_INVALID', details: [{ instancePath: '/titulo', keyword: 'unique' }] });
    const kept = await app.inject({ method: 'PATCH', url: `/notes/${note.id}`, payload: { paginas: 11, version: 1 } });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('answers a database constraint the area names by its catalogue code', async () => {
    const refused = await app.inject({ method: 'POST', url: '/notes', payload: { titulo: 'vacía', paginas: 0 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('APP_ERR_REQUEST_INVALID');
  });

  it('deletes a record with its audit row, and refuses by code the delete of one something keeps', async () => {
    const kept = await created('guardada');
    const refused = await app.inject({ method: 'DELETE', url: `/notes/${kept.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('APP_ERR_RECORD_IN_USE');
    const note = await created('sexta');
    const deleted = await app.inject({ method: 'DELETE', url: `/notes/${note.id}` });
    expect(deleted.json().data).toMatchObject({ id: note.id, titulo: 'sexta' });
    expect((await auditOf(note.id)).map((row) => row.action)).toEqual(['role.create', 'role.delete']);
    expect(await t.db.select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
  });
});
