/** Shapes of the server API (see docs/api-map.md and the server's OpenAPI at /api/openapi.json). */

export type Role = 'customer' | 'designer' | 'service' | 'staff';

export type AccountStatus = 'active' | 'pending' | 'hold' | 'deactivated';

export type Address = {
  /** ISO 3166-1 alpha-2, e.g. 'US'. */
  country: string;
  countryName: string;
  /** ISO subdivision code, or '' when the country has none. */
  state: string;
  stateName: string;
  city: string;
  street: string;
  zipcode: string;
};

export type Me = {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string | null;
  status: AccountStatus;
  isInactive: boolean;
  /** Customer: isInactive or deactivated. Designer/service: deactivated or hold. */
  blocked: boolean;
  firstTimeLogin: boolean;
  questionsBanner: boolean;
  hasSkippedQuestions: boolean;
  avatarUrl: string | null;
  address: Address | null;
  membership: { name: string };
  credits: { monthly: number; purchased: number; balance: number };
  cartCount: number;
  profileCompletePercent: number;
};

export type Portal = 'customer' | 'designer' | 'service' | 'staff';

/** The body of every failed response. */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};
