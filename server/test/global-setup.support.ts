import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../db/client';

/**
 * Migrates one database per run and lets every test file copy it: a PGlite
 * data dump (loading it takes a fraction of a migration), or a PostgreSQL
 * template database when TEST_DATABASE_URL is set (CI's second pass).
 */
export default async function setup(project: TestProject) {
  // Every scratch file of the run (exports checked by validators, backups, data folders) goes into one folder that
  // is removed at the end: the test files are started after this and take TMPDIR with them, so os.tmpdir() is it.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'textbook-studio-tests-'));
  process.env.TMPDIR = scratch;
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    // One template per run, so two runs against the same cluster never drop each other's.
    const templateName = `ts_template_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const url = new URL(pgUrl);
    url.pathname = `/${templateName}`;
    const template = await openPostgres(url.toString());
    await migrateDatabase(template);
    await template.close();
    await admin.end();
    project.provide('pgTemplateUrl', url.toString());
    project.provide('pgliteDump', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: pgUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await cleanup.end();
      removeScratch();
    };
  }
  const database = await openPglite(undefined);
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `textbook-studio-test-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplateUrl', '');
  return removeScratch;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplateUrl: string;
  }
}
