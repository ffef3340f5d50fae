import { createActor, fromPromise } from 'xstate';
import { expect, it } from 'vitest';
import { appMachine } from '../../machines/appMachine';

it('login respawns', async () => {
  const store = new Map<string, string>();
  (globalThis as any).sessionStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) };
  const profile = { username: 'a@b.c', last_page: null, successful_login: [1], web_status: [], answer: { last_name: 'Byron' }, answer_version: 1 };
  const actor = createActor(appMachine.provide({ actors: {
    loadCollege: fromPromise(async () => ({ essayLimit: 650 }) as any),
    loadProfile: fromPromise(async () => profile as any),
  } }), { input: { pathname: '/about', search: '', cookie: '' } });
  actor.subscribe({ error: (e) => console.log('ERR', e) });
  actor.start();
  await new Promise((r) => setTimeout(r, 1500));
  const s1 = actor.getSnapshot();
  console.log(JSON.stringify(s1.value), !!actor.system.get('answers'));
  actor.system.get('answers').send({ type: 'answers.set', key: 'last_name', value: 'King' });
  console.log(store);
  const app1 = actor.system.get('application');
  console.log('app children', Object.keys(app1.getSnapshot().children), 'root children', Object.keys(actor.getSnapshot().children));
  actor.send({ type: 'app.sessionStarted' } as any);
  console.log('after', !!actor.system.get('application'), !!actor.system.get('lookup'), app1.getSnapshot().status);
  await new Promise((r) => setTimeout(r, 1500));
  console.log(JSON.stringify(actor.getSnapshot().value), actor.system.get('answers')?.getSnapshot().value, actor.system.get('answers')?.getSnapshot().context.offered);
  expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
});
