import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { WorkerReply, WorkerRequest, WorkerSource } from './pgliteWire';

/**
 * The embedded database in a thread of its own (see ./workerDatabase.ts): PGlite runs PostgreSQL
 * compiled to WebAssembly synchronously, so on the server's own thread a long query stops every
 * other request, the heartbeat included. Here it answers the server's queries one at a time, and
 * the server's thread stays free to take requests, build replies and send files meanwhile.
 */
const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread (server/node/workerDatabase.ts starts it)');

const source = workerData as WorkerSource;
const ready = 'dataDir' in source ? PGlite.create(source.dataDir) : PGlite.create({ loadDataDir: new Blob([source.dump]) });

/** An error as plain fields, so that the server sees PostgreSQL's code, constraint and detail. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  return { ...(error as unknown as Record<string, unknown>), message: error.message, name: error.name };
}

port.on('message', (request: WorkerRequest) => {
  void (async () => {
    let reply: WorkerReply;
    try {
      const db = await ready;
      if (request.kind === 'query') {
        const result = await db.query(request.sql, request.parameters as unknown[], { rowMode: 'object' });
        reply = { id: request.id, ok: true, rows: result.rows, affectedRows: result.affectedRows };
      } else if (request.kind === 'dump') {
        const dump = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
        reply = { id: request.id, ok: true, rows: [], affectedRows: undefined, dump };
      } else {
        await db.close();
        reply = { id: request.id, ok: true, rows: [], affectedRows: undefined };
      }
    } catch (error) {
      reply = { id: request.id, ok: false, error: plain(error) };
    }
    port.postMessage(reply);
  })();
});
