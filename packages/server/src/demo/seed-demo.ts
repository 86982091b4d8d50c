import type { AppContext } from '../platform/modules';
import { hashPassword } from '../modules/accounts/accounts.service';
import { accountsQueries } from '../modules/accounts/accounts.queries';
import { demoPros } from './demo-people';
import { seedDemoProjects } from './demo-projects';
import { seedDemoHistory } from './demo-history';
import { seedDemoRatings } from './demo-ratings';
import { seedDemoMoney } from './demo-money';

// The demo: people with published logins, projects at every stage, a history of ratings and money. Run by
// `npm start`'s default (SEED_DEMO) and the operator's `seed-demo`; never imported by a module.

/** Customers whose past projects give the demo pros a history (they never sign in to the demo). */
const HISTORY_CUSTOMERS: [string, string, string, string][] = [
  ['maya@demo.facet', 'Maya', 'Chen', 'Seattle'],
  ['jonas@demo.facet', 'Jonas', 'Berg', 'Portland'],
  ['priya@demo.facet', 'Priya', 'Patel', 'Austin'],
  ['lena@demo.facet', 'Lena', 'Fischer', 'Chicago'],
];
/** Pros left new on purpose: a fresh card ('Not yet rated', no response figures) is part of the demo too. */
const NEW_PROS = new Set(['designer2@demo.facet', 'designer4@demo.facet']);

export const DEMO_PASSWORD = 'Facet-demo-1';

/** Demo accounts with fixed logins. Idempotent: an existing demo account is left as it is. */
export async function seedDemo(ctx: Pick<AppContext, 'db' | 'projects' | 'offers' | 'config'>) {
  const q = accountsQueries(ctx.db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const logins: { role: string; email: string; password: string }[] = [];
  const add = async (input: {
    email: string;
    role: 'customer' | 'designer' | 'service' | 'staff';
    firstName: string;
    lastName: string;
    phone?: string;
    address: { country: string; state: string; city: string; street: string; zipcode: string };
    profile?: Parameters<typeof q.insertAccount>[1]['profile'];
  }) => {
    if (!(await q.findByEmail(input.email))) {
      await ctx.db.transaction((tx) =>
        q.insertAccount(tx, {
          user: {
            email: input.email,
            passwordHash,
            role: input.role,
            status: 'active',
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone ?? null,
            firstTimeLogin: false,
            questionsBanner: input.role === 'customer',
          },
          address: input.address,
          profile: input.profile ?? {},
          answers: [],
          portfolio: [],
        }),
      );
    }
    logins.push({ role: input.role, email: input.email, password: DEMO_PASSWORD });
  };

  await add({
    email: 'customer@demo.facet',
    role: 'customer',
    firstName: 'Claire',
    lastName: 'Dubois',
    phone: '4155550132',
    address: {
      country: 'US',
      state: 'CA',
      city: 'San Francisco',
      street: '500 Market Street',
      zipcode: '94105',
    },
    profile: {
      customerType: 'business',
      purpose: ['launch-brand', 'production-run'],
      websiteUrl: 'claire-dubois.example',
    },
  });
  for (const pro of demoPros) {
    await add({
      email: pro.email,
      role: pro.role,
      firstName: pro.firstName,
      lastName: pro.lastName,
      address: {
        country: pro.country,
        state: pro.state,
        city: pro.city,
        street: '1 Studio Lane',
        zipcode: '10001',
      },
      profile: {
        bio: pro.bio,
        skills: pro.skills,
        cadSkills: pro.cadSkills,
        softwareSkills: pro.softwareSkills,
        softwareOwn: pro.softwareSkills,
        serviceTypes: pro.serviceTypes,
        portfolioLink: pro.portfolioLink,
        confirmedEligibilityAt: new Date(),
      },
    });
  }
  await add({
    email: 'staff@demo.facet',
    role: 'staff',
    firstName: 'Noor',
    lastName: 'Haddad',
    address: { country: 'US', state: 'NY', city: 'New York', street: '200 Fifth Avenue', zipcode: '10010' },
  });
  for (const [email, firstName, lastName, city] of HISTORY_CUSTOMERS) {
    await add({
      email,
      role: 'customer',
      firstName,
      lastName,
      phone: '2065550100',
      address: { country: 'US', state: 'WA', city, street: '12 Pine Street', zipcode: '98101' },
    });
  }
  await seedDemoProjects(ctx);
  const found = async (emails: string[]) =>
    (await Promise.all(emails.map((e) => q.findByEmail(e)))).flatMap((u) =>
      u ? [{ id: u.id, role: u.role as 'customer' | 'designer' | 'service' }] : [],
    );
  await seedDemoHistory(
    ctx.db,
    {
      customers: await found(HISTORY_CUSTOMERS.map(([email]) => email)),
      pros: await found(demoPros.map((p) => p.email).filter((e) => !NEW_PROS.has(e))),
    },
    (tx, rows) => seedDemoRatings(tx, rows),
  );
  // the demo customer holds most of the past orders (and the late one); two history customers the rest
  if (ctx.config.seedDemoMoney)
    await seedDemoMoney(
      ctx.db,
      ['customer@demo.facet', 'maya@demo.facet', 'customer@demo.facet', 'customer@demo.facet'],
      HISTORY_CUSTOMERS.map(([email]) => email),
      ctx.config.payments.currency,
    );
  const primary = [
    'customer@demo.facet',
    'designer@demo.facet',
    'designer2@demo.facet',
    'designer3@demo.facet',
    'service@demo.facet',
    'staff@demo.facet',
  ];
  return logins.filter((l) => primary.includes(l.email));
}
