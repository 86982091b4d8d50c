import { describe, expect, test } from 'vitest';
import {
  createSignupInputSchema,
  createSignupStepSchema,
  signupInputSchema,
  signupStepOfField,
  signupSteps,
} from './signup.schema';
import { accountMessages as m } from './messages';
import { fieldErrors } from './test-helpers';

const address = { country: 'US', state: 'NY', city: 'New York', street: '5 Canal St', zipcode: '10013' };
const bio =
  'I model fine jewelry in Rhino and ZBrush: engagement rings, signet rings and organic pendants, print-ready for casting.';

const customer = {
  role: 'customer',
  email: 'ada@example.com',
  password: 'Facet-demo-1',
  fullName: 'Ada Lovelace',
  phone: '2125550123',
  address,
  customerType: 'personal',
  purpose: ['gift'],
  answers: [{ questionId: 'q1', answerIds: ['a1'] }],
  websiteUrl: '',
  instagram: '@ada',
  twitter: '',
  facebook: '',
  shopifyUrl: '',
  acceptTerms: true,
};

const designer = {
  role: 'designer',
  email: 'dan@example.com',
  password: 'Facet-demo-1',
  fullName: 'Dan Designer',
  address,
  skills: ['rings', 'engagement-rings'],
  cadSkills: ['nurbs-modeling'],
  softwareSkills: ['rhino', 'zbrush'],
  softwareOwn: ['rhino'],
  otherExperience: '',
  websiteUrl: 'danstudio.com',
  bio,
  portfolioLink: 'behance.net/dan',
  eligibility: [true, true, true],
};

const service = {
  role: 'service',
  email: 'cast@example.com',
  password: 'Facet-demo-1',
  fullName: 'Cast House',
  address,
  serviceTypes: ['casting', 'polishing-finishing'],
  tellWhy: 'We cast silver and gold for independent designers and want more of them.',
  skills: ['sterling-silver', 'small-batch'],
  eligibility: [true, true, true],
};

describe('sign-up body', () => {
  test('a complete body of each role passes', () => {
    expect(fieldErrors(signupInputSchema, customer)).toEqual({});
    expect(fieldErrors(signupInputSchema, designer)).toEqual({});
    expect(fieldErrors(signupInputSchema, service)).toEqual({});
  });

  test('values are trimmed and normalised; empty optional fields disappear', () => {
    const out = signupInputSchema.parse({ ...designer, email: ' Dan@Example.COM ', fullName: ' Dan ' });
    expect(out.email).toBe('dan@example.com');
    expect(out.fullName).toBe('Dan');
    expect(out.websiteUrl).toBe('https://danstudio.com');
    expect(out.portfolioLink).toBe('https://behance.net/dan');
    expect(out.otherExperience).toBeUndefined();
    const c = signupInputSchema.parse(customer);
    expect(c.websiteUrl).toBeUndefined();
    expect(c.instagram).toBe('@ada');
  });

  test('fields of other roles are dropped', () => {
    const out = signupInputSchema.parse({
      ...customer,
      bio,
      skills: ['rings'],
      eligibility: [true, true, true],
    });
    expect(out).not.toHaveProperty('bio');
    expect(out).not.toHaveProperty('skills');
    expect(out).not.toHaveProperty('eligibility');
  });

  test('an unknown role is refused', () => {
    expect(fieldErrors(signupInputSchema, { ...customer, role: 'staff' })).toEqual({ role: m.roleRequired });
  });

  test('email: required, then format', () => {
    expect(fieldErrors(signupInputSchema, { ...customer, email: '' }).email).toBe('Email is required');
    expect(fieldErrors(signupInputSchema, { ...customer, email: undefined }).email).toBe('Email is required');
    expect(fieldErrors(signupInputSchema, { ...customer, email: 'ada@' }).email).toBe('Invalid email format');
    expect(fieldErrors(signupInputSchema, { ...customer, email: 'ada.example.com' }).email).toBe(
      'Invalid email format',
    );
  });

  test('password: required, at least 8, and the other four rules', () => {
    const err = (password: unknown) => fieldErrors(signupInputSchema, { ...customer, password }).password;
    expect(err('')).toBe(m.passwordRequired);
    expect(err('Ab1!')).toBe('Password must be at least 8 characters');
    expect(err('ABCDEFG1!')).toBe(m.passwordNeedsLowercase);
    expect(err('abcdefg1!')).toBe(m.passwordNeedsUppercase);
    expect(err('Abcdefgh!')).toBe(m.passwordNeedsNumber);
    expect(err('Abcdefgh1')).toBe(m.passwordNeedsSpecial);
  });

  test('full name is required', () => {
    expect(fieldErrors(signupInputSchema, { ...customer, fullName: '   ' }).fullName).toBe(
      'Full Name is required',
    );
  });

  test('phone: required for customers, 6 to 15 digits only', () => {
    const err = (phone: unknown) => fieldErrors(signupInputSchema, { ...customer, phone }).phone;
    expect(err('')).toBe('Phone number is required');
    expect(err(undefined)).toBe('Phone number is required');
    expect(err('12345')).toBe('Phone must contain only numbers (6–15 digits)');
    expect(err('1234567890123456')).toBe('Phone must contain only numbers (6–15 digits)');
    expect(err('+1 212 555')).toBe('Phone must contain only numbers (6–15 digits)');
    expect(err('123456')).toBeUndefined();
    expect(err('123456789012345')).toBeUndefined();
  });

  test('phone is optional for designers and service providers, checked when given', () => {
    expect(fieldErrors(signupInputSchema, { ...designer, phone: '' })).toEqual({});
    expect(signupInputSchema.parse({ ...designer, phone: '' }).phone).toBeUndefined();
    expect(fieldErrors(signupInputSchema, { ...service, phone: '12ab' }).phone).toBe(m.phoneInvalid);
  });

  test('address: country, city, street and zipcode are required', () => {
    const errors = fieldErrors(signupInputSchema, {
      ...customer,
      address: { country: '', state: '', city: '', street: ' ', zipcode: '' },
    });
    expect(errors).toEqual({
      'address.country': m.countryRequired,
      'address.city': m.cityRequired,
      'address.street': m.streetRequired,
      'address.zipcode': m.zipcodeRequired,
    });
    expect(fieldErrors(signupInputSchema, { ...customer, address: undefined })).toEqual({
      address: m.countryRequired,
    });
    expect(fieldErrors(signupInputSchema, { ...customer, address: { ...address, country: 'USA' } })).toEqual({
      'address.country': m.countryInvalid,
    });
    expect(
      signupInputSchema.parse({ ...customer, address: { ...address, country: 'us' } }).address.country,
    ).toBe('US');
  });

  test('state is required exactly when the country has states', () => {
    const schema = createSignupInputSchema({ hasStates: (c) => c === 'US' });
    expect(fieldErrors(schema, { ...customer, address: { ...address, state: '' } })).toEqual({
      'address.state': 'State is required',
    });
    expect(fieldErrors(schema, { ...customer, address: { ...address, country: 'MC', state: '' } })).toEqual(
      {},
    );
    // without the predicate only the shape is checked
    expect(fieldErrors(signupInputSchema, { ...customer, address: { ...address, state: '' } })).toEqual({});
    expect(
      fieldErrors(signupInputSchema, { ...customer, address: { ...address, state: 'New York!' } }),
    ).toEqual({
      'address.state': m.stateInvalid,
    });
  });

  test('state is reported together with the other errors', () => {
    const schema = createSignupInputSchema({ hasStates: () => true });
    const errors = fieldErrors(schema, { ...customer, email: '', address: { ...address, state: '' } });
    expect(errors).toEqual({ email: m.emailRequired, 'address.state': m.stateRequired });
  });

  test('customers choose business or personal; purposes come from the list', () => {
    expect(fieldErrors(signupInputSchema, { ...customer, customerType: undefined }).customerType).toBe(
      m.customerTypeRequired,
    );
    expect(fieldErrors(signupInputSchema, { ...customer, purpose: ['world-domination'] })['purpose.0']).toBe(
      m.optionInvalid,
    );
    expect(fieldErrors(signupInputSchema, { ...customer, purpose: [] })).toEqual({});
  });

  test('a Shopify store only for business customers', () => {
    expect(fieldErrors(signupInputSchema, { ...customer, shopifyUrl: 'ada.myshopify.com' })).toEqual({
      shopifyUrl: m.shopifyOnlyForBusiness,
    });
    const out = signupInputSchema.parse({
      ...customer,
      customerType: 'business',
      shopifyUrl: 'ada.myshopify.com',
    });
    expect(out.shopifyUrl).toBe('https://ada.myshopify.com');
    // designers cannot send one at all: it is dropped
    expect(signupInputSchema.parse({ ...designer, shopifyUrl: 'x.myshopify.com' })).not.toHaveProperty(
      'shopifyUrl',
    );
  });

  test('customers must agree to the Terms Of Use', () => {
    expect(fieldErrors(signupInputSchema, { ...customer, acceptTerms: false })).toEqual({
      acceptTerms: m.acceptTermsRequired,
    });
    expect(fieldErrors(signupInputSchema, { ...customer, acceptTerms: undefined })).toEqual({
      acceptTerms: m.acceptTermsRequired,
    });
  });

  test('designers need skills, CAD skills, software skills and software owned', () => {
    expect(
      fieldErrors(signupInputSchema, {
        ...designer,
        skills: [],
        cadSkills: undefined,
        softwareSkills: [],
        softwareOwn: [],
      }),
    ).toEqual({
      skills: m.skillsRequired,
      cadSkills: m.cadSkillsRequired,
      softwareSkills: m.softwareSkillsRequired,
      softwareOwn: m.softwareOwnRequired,
    });
    expect(fieldErrors(signupInputSchema, { ...designer, softwareOwn: ['photoshop'] })['softwareOwn.0']).toBe(
      m.optionInvalid,
    );
  });

  test('designers need a bio of 100 to 250 characters', () => {
    const err = (b: unknown) => fieldErrors(signupInputSchema, { ...designer, bio: b }).bio;
    expect(err('')).toBe('A short bio is required');
    expect(err(undefined)).toBe('A short bio is required');
    expect(err('x'.repeat(99))).toBe(m.bioTooShort);
    expect(err('x'.repeat(100))).toBeUndefined();
    expect(err('x'.repeat(250))).toBeUndefined();
    expect(err('x'.repeat(251))).toBe(m.bioTooLong);
    expect(err(`  ${'x'.repeat(99)}  `)).toBe(m.bioTooShort);
  });

  test('designers need a portfolio link or images', () => {
    expect(fieldErrors(signupInputSchema, { ...designer, portfolioLink: '' })).toEqual({
      portfolioLink: m.portfolioRequired,
    });
    const withImages = createSignupInputSchema({ portfolioImageCount: 2 });
    expect(fieldErrors(withImages, { ...designer, portfolioLink: '' })).toEqual({});
    expect(fieldErrors(signupInputSchema, { ...designer, portfolioLink: 'not a link' })).toEqual({
      portfolioLink: m.webAddressInvalid,
    });
  });

  test('designers and service providers confirm the three eligibility items', () => {
    expect(fieldErrors(signupInputSchema, { ...designer, eligibility: [false, true, false] })).toEqual({
      'eligibility.0': m.eligibilityAgeRequired,
      'eligibility.2': m.eligibilityOnPlatformRequired,
    });
    expect(fieldErrors(signupInputSchema, { ...service, eligibility: [true, false, true] })).toEqual({
      'eligibility.1': m.eligibilityOwnWorkRequired,
    });
    expect(fieldErrors(signupInputSchema, { ...service, eligibility: undefined }).eligibility).toBe(
      m.eligibilityAgeRequired,
    );
  });

  test('service providers need service types, a reason and capabilities', () => {
    expect(
      fieldErrors(signupInputSchema, { ...service, serviceTypes: [], tellWhy: ' ', skills: [] }),
    ).toEqual({
      serviceTypes: m.serviceTypesRequired,
      tellWhy: m.tellWhyRequired,
      skills: m.capabilitiesRequired,
    });
    // designer skills are not service capabilities
    expect(fieldErrors(signupInputSchema, { ...service, skills: ['rings'] })['skills.0']).toBe(
      m.optionInvalid,
    );
  });

  test('service providers may leave bio and portfolio empty', () => {
    expect(fieldErrors(signupInputSchema, { ...service, bio: '', portfolioLink: '' })).toEqual({});
    expect(fieldErrors(signupInputSchema, { ...service, bio: 'x'.repeat(251) }).bio).toBe(m.bioTooLong);
  });

  test('online presence: bare domains and handles are fine, nonsense is not', () => {
    expect(
      fieldErrors(signupInputSchema, { ...customer, websiteUrl: 'mystudio.com', twitter: '@ada_l' }),
    ).toEqual({});
    expect(fieldErrors(signupInputSchema, { ...customer, websiteUrl: 'my studio', facebook: 'a b' })).toEqual(
      {
        websiteUrl: m.webAddressInvalid,
        facebook: m.socialInvalid,
      },
    );
  });

  test('onboarding answers are optional (the questions can be skipped)', () => {
    expect(fieldErrors(signupInputSchema, { ...customer, answers: undefined })).toEqual({});
    expect(
      fieldErrors(signupInputSchema, { ...customer, answers: [{ questionId: '', answerIds: [] }] }),
    ).toEqual({
      'answers.0.questionId': expect.any(String),
    });
  });
});

describe('wizard steps', () => {
  test('step names per role', () => {
    expect(signupSteps('customer').map((s) => `${s.number} ${s.title}`)).toEqual([
      '1 Role',
      '2 Account',
      '2.5 Address',
      '3 Purpose',
      '4 Details',
      '5 Connect online presence',
    ]);
    expect(signupSteps('service').map((s) => `${s.number} ${s.title}`)).toEqual([
      '1 Role',
      '2 Account',
      '2.5 Address',
      '3 Skills',
      '4 Details',
      '5 Connect online presence',
    ]);
    expect(signupSteps('designer').map((s) => s.id)).toEqual([
      'role',
      'account',
      'address',
      'skills',
      'details',
      'presence',
    ]);
  });

  test('each step reports only its own fields', () => {
    const empty = {
      role: 'designer',
      email: '',
      password: '',
      fullName: '',
      phone: '',
      address: { country: '', state: '', city: '', street: '', zipcode: '' },
      skills: [],
      cadSkills: [],
      softwareSkills: [],
      softwareOwn: [],
      bio: '',
      portfolioLink: '',
      eligibility: [false, false, false],
    };
    expect(Object.keys(fieldErrors(createSignupStepSchema('role', 'designer'), empty))).toEqual([]);
    expect(fieldErrors(createSignupStepSchema('account', 'designer'), empty)).toEqual({
      email: m.emailRequired,
      password: m.passwordRequired,
      fullName: m.fullNameRequired,
    });
    expect(fieldErrors(createSignupStepSchema('account', 'customer'), empty).phone).toBe(m.phoneRequired);
    expect(Object.keys(fieldErrors(createSignupStepSchema('address', 'designer'), empty))).toEqual([
      'address.country',
      'address.city',
      'address.street',
      'address.zipcode',
    ]);
    expect(fieldErrors(createSignupStepSchema('skills', 'designer'), empty)).toEqual({
      skills: m.skillsRequired,
      cadSkills: m.cadSkillsRequired,
    });
    expect(fieldErrors(createSignupStepSchema('details', 'designer'), empty)).toEqual({
      softwareSkills: m.softwareSkillsRequired,
      softwareOwn: m.softwareOwnRequired,
    });
    expect(fieldErrors(createSignupStepSchema('presence', 'designer'), empty)).toEqual({
      bio: m.bioRequired,
      portfolioLink: m.portfolioRequired,
      'eligibility.0': m.eligibilityAgeRequired,
      'eligibility.1': m.eligibilityOwnWorkRequired,
      'eligibility.2': m.eligibilityOnPlatformRequired,
    });
    expect(
      fieldErrors(createSignupStepSchema('presence', 'designer', { portfolioImageCount: 1 }), empty)
        .portfolioLink,
    ).toBeUndefined();
  });

  test('the role step needs a role', () => {
    expect(fieldErrors(createSignupStepSchema('role', undefined), { role: '' })).toEqual({
      role: m.roleRequired,
    });
  });

  test('the address step asks for a state when the country has states', () => {
    const step = createSignupStepSchema('address', 'customer', { hasStates: () => true });
    expect(fieldErrors(step, { address: { ...address, state: '' } })).toEqual({
      'address.state': m.stateRequired,
    });
  });

  test('the customer steps', () => {
    expect(fieldErrors(createSignupStepSchema('purpose', 'customer'), { customerType: '' })).toEqual({
      customerType: m.customerTypeRequired,
    });
    expect(fieldErrors(createSignupStepSchema('details', 'customer'), {})).toEqual({});
    expect(
      fieldErrors(createSignupStepSchema('presence', 'customer'), {
        customerType: 'personal',
        shopifyUrl: 'x.myshopify.com',
        acceptTerms: false,
      }),
    ).toEqual({ shopifyUrl: m.shopifyOnlyForBusiness, acceptTerms: m.acceptTermsRequired });
  });

  test('the service provider steps', () => {
    expect(
      fieldErrors(createSignupStepSchema('skills', 'service'), { serviceTypes: [], tellWhy: '' }),
    ).toEqual({
      serviceTypes: m.serviceTypesRequired,
      tellWhy: m.tellWhyRequired,
    });
    expect(fieldErrors(createSignupStepSchema('details', 'service'), { skills: [] })).toEqual({
      skills: m.capabilitiesRequired,
    });
  });

  test('a server field error maps to the step that shows it', () => {
    expect(signupStepOfField('email', 'customer')).toBe('account');
    expect(signupStepOfField('address.state', 'customer')).toBe('address');
    expect(signupStepOfField('customerType', 'customer')).toBe('purpose');
    expect(signupStepOfField('skills', 'designer')).toBe('skills');
    expect(signupStepOfField('skills', 'service')).toBe('details');
    expect(signupStepOfField('tellWhy', 'service')).toBe('skills');
    expect(signupStepOfField('softwareOwn', 'designer')).toBe('details');
    expect(signupStepOfField('eligibility.1', 'designer')).toBe('presence');
    expect(signupStepOfField('bio', 'designer')).toBe('presence');
  });
});
