/**
 * The app's error report, sent by the app's own report function through its API client, reaches
 * the real reference server and is written to its log. The app may not import the server (lint
 * layers), so the two meet here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../server/testing/databases';
import { openApi, type Api } from '../server/testing/api';
import { createApiClient } from '../src/api/client';
import { reportError } from '../src/api/report';

describe.each(testDatabases)('an error report from the app, on $name', (database) => {
  let api: Api;
  let baseUrl: string;

  beforeAll(async () => {
    api = await openApi(database);
    const address = await api.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `${address}${api.config.apiBasePath}`;
  });
  afterAll(() => api.close());

  it("is taken by the server in the contract's shape and written to its log", async () => {
    const error = console.error;
    console.error = () => {};
    await reportError({ screen: 'LoginWithPassword', operation: 'login', status: 502 }, createApiClient(baseUrl));
    console.error = error;
    const reports = api.logs.map((line) => JSON.parse(line) as { clientError?: unknown }).flatMap((entry) => (entry.clientError ? [entry.clientError] : []));
    expect(reports).toContainEqual({ message: 'login failed with status 502', screen: 'LoginWithPassword', code: 'error.general', status: 502 });
  });
});
