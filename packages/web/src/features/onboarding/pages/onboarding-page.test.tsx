import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages as m } from '@facet/domain/rules';
import { OnboardingPage } from './onboarding-page';
import { fakeApi, me, renderAt } from '../../../testing';

// whole-wizard journeys type a lot; give them room when the machine is busy
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ applyAccept: false });
const next = () => screen.getByRole('button', { name: /^Next/ });
const heading = (name: RegExp) => screen.findByRole('heading', { level: 1, name });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

async function chooseRole(u: ReturnType<typeof user>, role: RegExp) {
  await heading(/How will you use Facet/);
  await u.click(screen.getByRole('radio', { name: role }));
  await u.click(next());
}

async function fillAccount(u: ReturnType<typeof user>, withPhone: boolean) {
  await heading(/Create your account/);
  await u.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await u.type(screen.getByLabelText(/^Password/), 'Facet-demo-1');
  await u.type(screen.getByLabelText(/^Full Name/), 'Ada Lovelace');
  if (withPhone) await u.type(screen.getByLabelText(/^Phone number/), '2125550123');
  await u.click(next());
}

async function loadedSelect(label: RegExp): Promise<HTMLSelectElement> {
  const select = (await screen.findByLabelText(label)) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  return select;
}

async function fillAddress(u: ReturnType<typeof user>) {
  await heading(/Where are you based/);
  // each list is chosen from once it has loaded (the select is disabled while it loads)
  await u.selectOptions(await loadedSelect(/^Country/), 'US');
  await u.selectOptions(await loadedSelect(/^State/), 'NY');
  await u.type(screen.getByLabelText(/^City/), 'New York');
  await u.type(screen.getByLabelText(/^Street/), '5 Canal St');
  await u.type(screen.getByLabelText(/^Zipcode/), '10013');
  await u.click(next());
}

describe('sign-up wizard', () => {
  test('the role step needs a choice', async () => {
    fakeApi();
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await heading(/How will you use Facet/);
    await u.click(next());
    expect(await screen.findByText(m.roleRequired)).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  test('the account step shows the spec messages and the live password checklist', async () => {
    fakeApi();
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await chooseRole(u, /^Customer/);
    await heading(/Create your account/);
    await u.click(next());
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(alerts()).toEqual(
      expect.arrayContaining([m.passwordRequired, 'Full Name is required', 'Phone number is required']),
    );

    await u.type(screen.getByLabelText(/^Email/), 'ada@');
    await u.type(screen.getByLabelText(/^Phone number/), '212-555');
    await u.type(screen.getByLabelText(/^Password/), 'facet');
    await u.click(next());
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Phone must contain only numbers (6–15 digits)')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();

    const rules = () =>
      Object.fromEntries(
        Array.from(document.querySelectorAll('[data-rule]')).map((li) => [
          li.getAttribute('data-rule'),
          li.getAttribute('data-met'),
        ]),
      );
    expect(rules()).toEqual({
      length: 'false',
      lowercase: 'true',
      uppercase: 'false',
      number: 'false',
      special: 'false',
    });
    await u.type(screen.getByLabelText(/^Password/), '-Demo-1');
    expect(rules()).toEqual({
      length: 'true',
      lowercase: 'true',
      uppercase: 'true',
      number: 'true',
      special: 'true',
    });
  });

  test('designers and service providers are not asked for a phone', async () => {
    fakeApi();
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await chooseRole(u, /^CAD designer/);
    await heading(/Create your account/);
    expect(screen.queryByLabelText(/^Phone number/)).toBeNull();
  });

  test('the state is asked for only when the country has states; going back keeps what was typed', async () => {
    fakeApi();
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await chooseRole(u, /^Customer/);
    await fillAccount(u, true);
    await heading(/Where are you based/);
    // the spec numbers the steps 1, 2, 2.5, 3, 4, 5
    const progress = within(screen.getByRole('navigation', { name: 'Sign-up progress' }));
    expect(progress.getByText(/^Step 2\.5 of 5/)).toBeTruthy();
    expect(progress.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Role (done)',
      'Account (done)',
      '2.5Address',
      '3Purpose',
      '4Details',
      '5Connect online presence',
    ]);
    await u.click(next());
    expect(await screen.findByText(m.countryRequired)).toBeTruthy();
    expect(alerts()).toEqual(expect.arrayContaining([m.cityRequired, m.streetRequired, m.zipcodeRequired]));

    await u.selectOptions(await screen.findByLabelText(/^Country/), 'US');
    const state = await screen.findByLabelText(/^State/);
    await u.type(screen.getByLabelText(/^City/), 'New York');
    await u.type(screen.getByLabelText(/^Street/), '5 Canal St');
    await u.type(screen.getByLabelText(/^Zipcode/), '10013');
    await u.click(next());
    expect(await screen.findByText('State is required')).toBeTruthy();

    await u.selectOptions(screen.getByLabelText(/^Country/), 'MC');
    await vi.waitFor(() => expect(screen.queryByLabelText(/^State/)).toBeNull());
    expect(state.isConnected).toBe(false);
    await u.click(next());
    await heading(/What brings you here/);

    await u.click(screen.getByRole('button', { name: /Back/ }));
    await heading(/Where are you based/);
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('New York');
    expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('MC');
    await u.click(screen.getByRole('button', { name: /Back/ }));
    await heading(/Create your account/);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com');
  });

  test('a business customer completes every step and lands on the dashboard', async () => {
    const api = fakeApi(({ method, path, body }) =>
      method === 'POST' && path === '/api/auth/signup'
        ? { status: 201, body: { user: me({ email: (body as { email: string }).email }) } }
        : undefined!,
    );
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await chooseRole(u, /^Customer/);
    await fillAccount(u, true);
    await fillAddress(u);

    await heading(/What brings you here/);
    await u.click(next());
    expect(await screen.findByText(m.customerTypeRequired)).toBeTruthy();
    await u.click(screen.getByRole('radio', { name: /^Business/ }));
    await u.click(screen.getByRole('button', { name: /Launch a jewelry brand/ }));
    await u.click(next());

    await heading(/A few details/);
    expect(await screen.findByText('Have you had jewelry made before?')).toBeTruthy();
    expect(screen.queryByText('Where did you have it made?')).toBeNull();
    await u.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByText('Where did you have it made?')).toBeTruthy();
    await u.click(screen.getByRole('checkbox', { name: 'An online service' }));
    await u.click(next());

    await heading(/Connect your online presence/);
    expect(screen.getByLabelText(/^Shopify store/)).toBeTruthy();
    await u.type(screen.getByLabelText(/^Website/), 'my studio');
    await u.type(screen.getByLabelText(/^Shopify store/), 'adastore.myshopify.com');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must agree to the Terms Of Use')).toBeTruthy();
    expect(screen.getByText(m.webAddressInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms Of Use' }).getAttribute('href')).toBe('/terms-of-service');

    await u.clear(screen.getByLabelText(/^Website/));
    await u.type(screen.getByLabelText(/^Website/), 'adastudio.com');
    await u.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    await heading(/Dashboard page/);
    const signup = api.requests.find((r) => r.path === '/api/auth/signup');
    expect(signup?.body).toEqual({
      role: 'customer',
      email: 'ada@example.com',
      password: 'Facet-demo-1',
      fullName: 'Ada Lovelace',
      phone: '2125550123',
      address: { country: 'US', state: 'NY', city: 'New York', street: '5 Canal St', zipcode: '10013' },
      customerType: 'business',
      purpose: ['launch-brand'],
      answers: [
        { questionId: 'q-experience', answerIds: ['a-yes'] },
        { questionId: 'q-where', answerIds: ['a-online'] },
      ],
      websiteUrl: 'https://adastudio.com',
      shopifyUrl: 'https://adastore.myshopify.com',
      acceptTerms: true,
    });
  });

  test('a designer gives skills, software, a 100–250 character bio and portfolio images, then waits on /pending', async () => {
    const api = fakeApi(({ method, path }) =>
      method === 'POST' && path === '/api/auth/signup'
        ? { status: 201, body: { user: me({ role: 'designer', status: 'pending' }) } }
        : undefined!,
    );
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await chooseRole(u, /^CAD designer/);
    await fillAccount(u, false);
    await fillAddress(u);

    await heading(/Your skills/);
    await u.click(next());
    expect(await screen.findByText(m.skillsRequired)).toBeTruthy();
    expect(screen.getByText(m.cadSkillsRequired)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Engagement rings' }));
    await u.click(screen.getByRole('button', { name: 'NURBS modeling' }));
    await u.click(next());

    await heading(/A few details/);
    await u.click(next());
    expect(await screen.findByText(m.softwareSkillsRequired)).toBeTruthy();
    expect(screen.getByText(m.softwareOwnRequired)).toBeTruthy();
    const software = screen.getByRole('group', { name: /^Software skills/ });
    const owned = screen.getByRole('group', { name: /^Software owned/ });
    await u.click(within(software).getByRole('button', { name: 'Rhino' }));
    await u.click(within(owned).getByRole('button', { name: 'Rhino' }));
    await u.click(next());

    await heading(/Connect your online presence/);
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('A short bio is required')).toBeTruthy();
    expect(screen.getByText(m.portfolioRequired)).toBeTruthy();
    expect(alerts()).toEqual(
      expect.arrayContaining([
        m.eligibilityAgeRequired,
        m.eligibilityOwnWorkRequired,
        m.eligibilityOnPlatformRequired,
      ]),
    );

    await u.click(screen.getByLabelText(/^Bio/));
    await u.paste('x'.repeat(60));
    expect(screen.getByText(/60 \/ 250/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(m.bioTooShort)).toBeTruthy();
    await u.click(screen.getByLabelText(/^Bio/));
    await u.paste('y'.repeat(60));
    expect(screen.getByText(/120 \/ 250/)).toBeTruthy();

    const files = [
      new File(['a'], 'ring.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'model.stl', { type: 'model/stl' }),
      new File(['c'], 'sheet.PDF', { type: 'application/pdf' }),
    ];
    await u.upload(screen.getByLabelText('Portfolio images'), files);
    expect(await screen.findByText('Sorry, some files have unsupported types!')).toBeTruthy();
    await u.upload(screen.getByLabelText('Portfolio images'), [
      new File(['again'], 'ring.jpg', { type: 'image/jpeg' }),
    ]);
    const list = screen.getByRole('list', { name: 'Portfolio files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ring.jpg', 'sheet.PDF']);

    for (const box of screen.getAllByRole('checkbox')) await u.click(box);
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    await heading(/Pending page/);
    const signup = api.requests.find((r) => r.path === '/api/auth/signup');
    expect(signup?.body).toBeInstanceOf(FormData);
    const form = signup?.body as FormData;
    const data = JSON.parse(String(form.get('data'))) as Record<string, unknown>;
    expect(data).toMatchObject({
      role: 'designer',
      skills: ['engagement-rings'],
      cadSkills: ['nurbs-modeling'],
      softwareSkills: ['rhino'],
      softwareOwn: ['rhino'],
      bio: 'x'.repeat(60) + 'y'.repeat(60),
      eligibility: [true, true, true],
    });
    expect(data).not.toHaveProperty('phone');
    expect(data).not.toHaveProperty('portfolioLink');
    expect((form.getAll('portfolioImages') as File[]).map((f) => f.name)).toEqual(['ring.jpg', 'sheet.PDF']);
  }, 20_000);

  test('a service provider names service types, a reason and capabilities', async () => {
    fakeApi();
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await chooseRole(u, /^Service provider/);
    await fillAccount(u, false);
    await fillAddress(u);
    await heading(/Your skills/);
    await u.click(next());
    expect(await screen.findByText(m.serviceTypesRequired)).toBeTruthy();
    expect(screen.getByText(m.tellWhyRequired)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Lost-wax casting' }));
    await u.type(screen.getByLabelText(/^Tell us why/), 'We cast for independent designers.');
    await u.click(next());
    await heading(/A few details/);
    await u.click(next());
    expect(await screen.findByText(m.capabilitiesRequired)).toBeTruthy();
  });

  test('a server field error is shown on the step that holds the field', async () => {
    fakeApi(({ method, path }) =>
      method === 'POST' && path === '/api/auth/signup'
        ? {
            status: 409,
            body: { error: { code: 'email_taken', message: 'An account with this email already exists.' } },
          }
        : undefined!,
    );
    const u = user();
    renderAt('/onboarding', <OnboardingPage />);
    await chooseRole(u, /^Customer/);
    await fillAccount(u, true);
    await fillAddress(u);
    await heading(/What brings you here/);
    await u.click(screen.getByRole('radio', { name: /^Personal/ }));
    await u.click(next());
    await heading(/A few details/);
    await u.click(screen.getByRole('button', { name: 'Skip' }));
    await heading(/Connect your online presence/);
    expect(screen.queryByLabelText(/^Shopify store/)).toBeNull();
    await u.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await heading(/Create your account/);
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
  });
  test("a provider's first sign-in starts at the account step with its e-mail, asks no password and signs up there", async () => {
    const api = fakeApi(({ method, path }) => {
      if (path === '/api/identity/pending')
        return {
          status: 200,
          body: {
            pending: {
              stage: 'signup',
              portal: 'customer',
              provider: 'Acme ID',
              email: 'ines@example.com',
              name: 'Ines Duarte',
              error: null,
            },
          },
        };
      if (method === 'POST' && path === '/api/identity/signup')
        return { status: 201, body: { user: me({ email: 'ines@example.com' }) } };
      return undefined!;
    });
    const u = user();
    renderAt('/onboarding?identity=1&role=customer', <OnboardingPage />);
    await heading(/Create your account/);
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('ines@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByText('You will sign in with Acme ID.')).toBeTruthy();
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('Ines Duarte');
    // the role step is done and cannot be gone back to
    expect(screen.queryByRole('button', { name: /Back/ })).toBeNull();
    await u.type(screen.getByLabelText(/^Phone number/), '2125550123');
    await u.click(next());
    await fillAddress(u);
    await heading(/What brings you here/);
    await u.click(screen.getByRole('radio', { name: /^Personal/ }));
    await u.click(next());
    await heading(/A few details/);
    await u.click(next());
    await heading(/Connect your online presence/);
    await u.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await heading(/Dashboard page/);
    expect(api.requests.map((r) => r.path).filter((p) => p.includes('signup'))).toEqual([
      '/api/identity/signup',
    ]);
    const signup = api.requests.find((r) => r.path === '/api/identity/signup');
    expect(signup?.body).toMatchObject({
      role: 'customer',
      email: 'ines@example.com',
      fullName: 'Ines Duarte',
    });
  });

  test('a provider sign-up link without its pending sign-in says it expired', async () => {
    fakeApi(({ path }) =>
      path === '/api/identity/pending' ? { status: 200, body: { pending: null } } : undefined!,
    );
    renderAt('/onboarding?identity=1', <OnboardingPage />);
    await heading(/This sign-up has expired/);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login-user');
  });
});
