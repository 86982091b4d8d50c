import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { BuiltApp } from '../app';
import { hashPassword } from '../modules/accounts/accounts.service';
import { accountsQueries, type NewProfile, type UserRow } from '../modules/accounts/accounts.queries';

/**
 * Factories for the people and projects a test needs, so a test app runs without the demo seed
 * (decision 066). People are accounts inserted through the accounts module's own queries, signed in by
 * a session of the app's session store; projects and offers are made through the API, the way the
 * customer and the pro make them, so they stay true to the workflow.
 */

type App = Pick<BuiltApp, 'app' | 'ctx'>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Role = 'customer' | 'designer' | 'service' | 'staff';

/** The password of every factory-made account (hashed once per process: argon2id is slow on purpose). */
export const WORLD_PASSWORD = 'World-test-1';
let worldHash: Promise<string> | undefined;
const passwordHash = () => (worldHash ??= hashPassword(WORLD_PASSWORD));

/** A signed-in person: the account row, its session cookie and requests sent with that cookie. */
export interface Person {
  user: UserRow;
  id: string;
  email: string;
  role: Role;
  cookie: string;
  call(
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export interface PersonOverrides {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  status?: UserRow['status'];
  /** The customer's profile banner (the demo customer's is up, as a new customer's is). */
  questionsBanner?: boolean;
  firstTimeLogin?: boolean;
  address?: { country: string; state: string; city: string; street: string; zipcode: string } | null;
  profile?: Omit<NewProfile, 'userId'>;
}

// distinct first names, so lists sorted by name have an order to check
const FIRST_NAMES = ['Ada', 'Bruno', 'Chloe', 'Dario', 'Elif', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jun'];
let made = 0;

const DESIGNER_PROFILE = {
  bio: 'I model engagement rings and pendants for casting, with clean settings and comfortable bands.',
  skills: ['engagement-rings', 'stone-setting-layout'],
  cadSkills: ['nurbs-modeling'],
  softwareSkills: ['rhino', 'matrixgold'],
  softwareOwn: ['rhino'],
  portfolioLink: 'https://portfolio.example/world',
};
const SERVICE_PROFILE = {
  bio: 'We cast and polish small batches in silver and gold for independent jewelers.',
  skills: ['sterling-silver', 'small-batch'],
  serviceTypes: ['casting', 'polishing-finishing'],
  portfolioLink: 'https://portfolio.example/world-service',
};

/** Requests as this cookie's owner. */
function callAs(t: App, cookie: string): Person['call'] {
  return (method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** An active account of this role, signed in (a fresh session, as a login makes). */
export async function givenPerson(t: App, role: Role, overrides: PersonOverrides = {}): Promise<Person> {
  const n = ++made;
  const firstName = overrides.firstName ?? FIRST_NAMES[(n - 1) % FIRST_NAMES.length]!;
  const user = await t.ctx.db.transaction(async (tx) =>
    accountsQueries(t.ctx.db).insertAccount(tx, {
      user: {
        email: overrides.email ?? `world-${role}-${n}@example.com`,
        passwordHash: await passwordHash(),
        role,
        status: overrides.status ?? 'active',
        firstName,
        lastName: overrides.lastName ?? `Tester${n}`,
        phone: overrides.phone === undefined ? (role === 'customer' ? '4155550100' : null) : overrides.phone,
        firstTimeLogin: overrides.firstTimeLogin ?? false,
        questionsBanner: overrides.questionsBanner ?? role === 'customer',
      },
      address:
        overrides.address === undefined
          ? role === 'staff'
            ? null
            : { country: 'US', state: 'CA', city: 'Oakland', street: `${n} Grand Ave`, zipcode: '94612' }
          : overrides.address,
      profile:
        overrides.profile ??
        (role === 'designer'
          ? { ...DESIGNER_PROFILE, confirmedEligibilityAt: new Date() }
          : role === 'service'
            ? { ...SERVICE_PROFILE, confirmedEligibilityAt: new Date() }
            : {}),
      answers: [],
      portfolio: [],
    }),
  );
  const session = await t.ctx.sessions.create(user.id, 'world');
  const cookie = `facet_session=${session.token}`;
  return { user, id: user.id, email: user.email, role, cookie, call: callAs(t, cookie) };
}

export const givenCustomer = (t: App, overrides?: PersonOverrides) => givenPerson(t, 'customer', overrides);
export const givenDesigner = (t: App, overrides?: PersonOverrides) => givenPerson(t, 'designer', overrides);
export const givenService = (t: App, overrides?: PersonOverrides) => givenPerson(t, 'service', overrides);
export const givenStaff = (t: App, overrides?: PersonOverrides) => givenPerson(t, 'staff', overrides);

/**
 * Several people at once, by name: `{ customer: 'customer', designer: 'designer', staff: 'staff' }` gives
 * `people.customer` … and the `cookies` and `ids` records the older kits pass to `callerFor`.
 */
export async function givenPeople<K extends string>(t: App, roles: Record<K, Role>) {
  const people = {} as Record<K, Person>;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const [name, role] of Object.entries(roles) as [K, Role][]) {
    people[name] = await givenPerson(t, role);
    cookies[name] = people[name].cookie;
    ids[name] = people[name].id;
  }
  return { people, cookies, ids };
}

function ok(r: LightMyRequestResponse, status: number, what: string) {
  expect(r.statusCode, `${what}: ${r.body}`).toBe(status);
  return r;
}

export interface ProjectOptions {
  title?: string;
  /** The project's items; one ring 20 mm wide by default. */
  items?: object[];
}

/** A new project of the customer (Not Started), made through the API. */
export async function givenProject(t: App, customer: Person, options: ProjectOptions = {}) {
  const title = options.title ?? 'Test ring';
  const r = ok(
    await customer.call('POST', '/api/projects', {
      title,
      items: options.items ?? [{ title, category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
    }),
    201,
    'new project',
  );
  return r.json().project.id as string;
}

/** The customer invites the pro to the project; the invitation's (offer's) id. */
export async function givenInvitation(customer: Person, projectId: string, pro: Person) {
  const r = ok(
    await customer.call('POST', `/api/projects/${projectId}/invitations`, { proId: pro.id }),
    201,
    `inviting ${pro.email}`,
  );
  return r.json().offer.id as string;
}

/** The pro quotes an invitation. */
export async function givenQuote(pro: Person, offerId: string, priceCents = 50_000, leadTimeDays = 7) {
  ok(await pro.call('POST', `/api/invitations/${offerId}/offer`, { priceCents, leadTimeDays }), 200, 'quote');
}

export interface OfferOptions extends ProjectOptions {
  customer?: Person;
  /** The invited pro (a new designer when not given). */
  pro?: Person;
  projectId?: string;
  priceCents?: number;
  leadTimeDays?: number;
}

/** A project with one pro invited (a customer, a designer and the project made when not given). */
export async function givenInvitedDesigner(t: App, options: OfferOptions = {}) {
  const customer = options.customer ?? (await givenCustomer(t));
  const pro = options.pro ?? (await givenDesigner(t));
  const projectId = options.projectId ?? (await givenProject(t, customer, options));
  const offerId = await givenInvitation(customer, projectId, pro);
  return { customer, pro, projectId, offerId };
}

/** An invited pro's priced offer, waiting for the customer's answer. */
export async function givenQuotedOffer(t: App, options: OfferOptions = {}) {
  const world = await givenInvitedDesigner(t, options);
  await givenQuote(world.pro, world.offerId, options.priceCents ?? 50_000, options.leadTimeDays ?? 7);
  return world;
}

/** The customer accepted the offer: the pro is adopted and the project waits at Make Payment. */
export async function givenAcceptedOffer(t: App, options: OfferOptions = {}) {
  const world = await givenQuotedOffer(t, options);
  ok(await world.customer.call('POST', `/api/invitations/${world.offerId}/accept`), 200, 'accept');
  return world;
}

/**
 * A paid project (In Design): paid by card on the sandbox's hosted page by default (the gateway's whole
 * path, its events settled), or recorded by the production team when `staff` is given.
 */
export async function givenPaidProject(
  t: App,
  options: OfferOptions & { staff?: Person; key?: string } = {},
) {
  const world = await givenAcceptedOffer(t, options);
  if (options.staff) {
    ok(
      await options.staff.call('POST', `/api/staff/projects/${world.projectId}/mark-paid`),
      200,
      'mark paid',
    );
    return { ...world, paymentId: null };
  }
  const opened = ok(
    await world.customer.call('POST', `/api/projects/${world.projectId}/payment`, undefined, {
      'idempotency-key': options.key ?? `world-pay-${world.projectId}`,
    }),
    200,
    'checkout',
  );
  const { checkoutUrl, paymentId } = opened.json() as { checkoutUrl: string; paymentId: string };
  await payOnSandbox(t, checkoutUrl);
  await t.ctx.jobs.drain();
  return { ...world, paymentId };
}

/** Pays on the sandbox's hosted checkout page with a card (JSON, as a script would). */
export async function payOnSandbox(t: App, checkoutUrl: string, cardNumber = '4242424242424242') {
  return t.app.inject({
    method: 'POST',
    url: `${new URL(checkoutUrl).pathname}/pay`,
    payload: { cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
  });
}

/** The pro delivers one model file: the project moves to Review & Delivery. */
export async function givenDelivery(t: App, pro: Person, projectId: string, name = 'ring.stl') {
  return ok(
    await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/deliveries`,
      headers: { cookie: pro.cookie, 'content-type': 'multipart/form-data; boundary=X' },
      payload: `--X\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\nsolid ring\nendsolid ring\n\r\n--X--\r\n`,
    }),
    201,
    'delivery',
  );
}
