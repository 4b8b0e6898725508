// Who makes a change, as the notification triggers see it (db/migrations/*_notification_triggers.sql):
// they read the setting rivalscope.actor_id so that nobody is notified of their own change, without every
// service passing its user down to the database. The signed-in user of a request is kept in
// AsyncLocalStorage, and each connection the pool hands out carries that id (or none, for work outside a
// request: the job runner, the indexer). The setting is only sent when it differs from what that
// connection already carries, so a busy pool mostly pays nothing. Work that writes nothing a trigger reads it
// for (loading the session before the request has an actor, writing usage events) runs actorIndifferent and
// leaves a connection's setting as it is: otherwise every request would flip it twice, two round trips.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';

const ANY = Symbol('any actor');
const actors = new AsyncLocalStorage<number | typeof ANY>();
/** The actor id each pooled connection was last given ('' for none). */
const carried = new WeakMap<pg.PoolClient, string>();
const patched = new WeakSet<pg.Pool>();

const SET_ACTOR = "SELECT set_config('rivalscope.actor_id', $1, false)";

/** Gives the client the actor of the current request, unless it already carries it. */
async function tag(client: pg.PoolClient, actor: string): Promise<void> {
  if (carried.get(client) === actor) return;
  carried.delete(client);
  await client.query(SET_ACTOR, [actor]);
  carried.set(client, actor);
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

function carryActors(pool: pg.Pool) {
  if (patched.has(pool)) return;
  patched.add(pool);
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const tagged = async (actor: string) => {
    const client = await connect();
    try {
      await tag(client, actor);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return client;
  };
  // The actor is read when the caller asks, in its own async context. pg's pool.query() passes a callback;
  // drizzle's transactions await the promise.
  pool.connect = ((cb?: ConnectCallback) => {
    const store = actors.getStore();
    const ready = store === ANY ? connect() : tagged(String(store ?? ''));
    if (!cb) return ready;
    ready.then(
      (client) => cb(undefined, client, (release) => client.release(release as Error | undefined)),
      (err: Error) => cb(err),
    );
  }) as pg.Pool['connect'];
}

/**
 * Runs fn with connections as they come: for work that writes nothing the notification triggers attribute. Awaited
 * inside, so a lazy query (drizzle's, which starts when awaited) starts in that scope too.
 */
export const actorIndifferent = <T>(fn: () => PromiseLike<T>): Promise<T> => actors.run(ANY, async () => await fn());

/** Middleware (after the session is loaded): the rest of the request runs with its user as the actor. */
export function actorScope(db: Db) {
  carryActors(db.$client);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.auth) actors.run(req.auth.user.id, next);
    else next();
  };
}
