import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from '../../db/writeBatcher';

describe('the write batcher when the server stops', () => {
  it('settled() resolves only once every write queued so far is committed', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE saves (value TEXT)');
    const batcher = createWriteBatcher(db);
    const insert = db.prepare('INSERT INTO saves (value) VALUES (?)');
    const queued = ['a', 'b', 'c'].map((value) => batcher.run(() => insert.run(value)));
    // Nothing is written in the turn the saves arrive: they wait for the shared commit.
    expect(db.prepare('SELECT COUNT(*) AS n FROM saves').get()).toEqual({ n: 0 });
    await batcher.settled();
    expect(db.prepare('SELECT value FROM saves ORDER BY value').all()).toEqual([{ value: 'a' }, { value: 'b' }, { value: 'c' }]);
    await Promise.all(queued);
    // With nothing queued it resolves at once, and the database can be closed.
    await batcher.settled();
    db.close();
  });
});
