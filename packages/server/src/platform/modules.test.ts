import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types; its two exports are used as below
import { REGISTRY, registryText } from '../../../../scripts/modules-registry.mjs';
import { MODULES } from '../modules/registry.generated';
import { buildModules, defineModule, dependencyOrder, type AnyModule, type Platform } from './modules';

const module = (name: string, dependsOn: string[] = [], made: object = {}): AnyModule => ({
  name,
  dependsOn,
  provides: Object.keys(made),
  build: () => made,
});

// the loader passes the platform through untouched: a bare object stands for it here
const platform = { config: { name: 'platform' } } as unknown as Platform;

describe('module registrations', () => {
  it('puts each module after the modules it depends on, keeping the given order where it is free', () => {
    const order = dependencyOrder([
      module('cart', ['pricing', 'catalog']),
      module('catalog'),
      module('geo'),
      module('pricing', ['catalog']),
    ]).map((m) => m.name);
    expect(order).toEqual(['catalog', 'pricing', 'cart', 'geo']);
  });

  it('refuses a cycle and names it', () => {
    expect(() => dependencyOrder([module('a', ['b']), module('b', ['c']), module('c', ['a'])])).toThrow(
      'The modules depend on each other in a cycle: a -> b -> c -> a.',
    );
  });

  it('refuses a dependency on a module that does not exist, and two modules of one name', () => {
    expect(() => dependencyOrder([module('offers', ['projectz'])])).toThrow(
      'The module offers depends on projectz, which is not a module.',
    );
    expect(() => dependencyOrder([module('geo'), module('geo')])).toThrow('Two modules are named geo.');
  });

  it("gives each build the platform and its declared dependencies' services, nothing else", async () => {
    const seen: Record<string, unknown>[] = [];
    const spy = (name: string, dependsOn: string[], made: object): AnyModule => ({
      ...module(name, dependsOn, made),
      build: (deps: never) => {
        seen.push(deps);
        return made;
      },
    });
    const { ctx, ordered } = await buildModules(platform, [
      spy('offers', ['projects'], { offers: 'the offers' }),
      spy('projects', [], { projects: 'the projects' }),
      spy('chat', [], { chat: 'the chat' }),
    ]);
    expect(ordered.map((m) => m.name)).toEqual(['projects', 'offers', 'chat']);
    // offers declared projects: it sees them, and not the chat built later nor anything undeclared
    expect(seen[1]).toMatchObject({ config: { name: 'platform' }, projects: 'the projects' });
    expect(seen[1]).not.toHaveProperty('chat');
    expect(seen[2]).not.toHaveProperty('projects');
    expect(ctx).toMatchObject({ offers: 'the offers', projects: 'the projects', chat: 'the chat' });
  });

  it('refuses a build that returns other services than it declares, or a name taken elsewhere', async () => {
    const liar: AnyModule = { ...module('ratings'), provides: ['ratings'], build: () => ({ rating: 1 }) };
    await expect(buildModules(platform, [liar])).rejects.toThrow(
      'The module ratings provides rating, but declares ratings.',
    );
    await expect(buildModules(platform, [module('a', [], { config: 1 })])).rejects.toThrow(
      'The module a provides config, which another part provides.',
    );
  });

  it('has every module folder in the registry, in a dependency order without cycles', () => {
    expect(readFileSync(REGISTRY, 'utf8')).toBe(registryText());
    const names = MODULES.map((m) => m.name);
    const order = dependencyOrder(MODULES as readonly AnyModule[]).map((m) => m.name);
    expect(order.toSorted()).toEqual(names.toSorted());
    for (const m of MODULES) {
      for (const dependency of m.dependsOn as readonly string[]) {
        expect(order.indexOf(dependency), `${m.name} after ${dependency}`).toBeLessThan(
          order.indexOf(m.name),
        );
      }
    }
  });

  it('fails the type check when a build uses a module it did not declare', () => {
    const ratings = defineModule({
      name: 'ratings',
      dependsOn: [],
      provides: ['ratings'],
      // @ts-expect-error -- projects is not among dependsOn, so the build cannot see it
      build: ({ db, projects }) => ({ ratings: { db, projects } as never }),
    });
    expect(ratings.name).toBe('ratings');
  });

  it("fails the type check when a module's services are not declared", () => {
    // a new module written without its `declare module '../../platform/modules'` block: its name is no
    // key of Modules, so the registration does not compile (nor does `app.ctx.gifts` anywhere)
    // @ts-expect-error -- 'gifts' is not a declared module
    const gifts = defineModule({ name: 'gifts', dependsOn: [], provides: [], build: () => ({ gifts: 1 }) });
    expect(gifts.name).toBe('gifts');
  });
});
