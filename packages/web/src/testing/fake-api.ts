import { vi } from 'vitest';
import type { Me } from '../lib/types';

export type Recorded = {
  method: string;
  path: string;
  body: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};
export type Handler = (request: {
  method: string;
  path: string;
  body: unknown;
  /** The query string's values (not enumerable, like the headers). */
  query?: Record<string, string>;
}) => {
  status: number;
  body?: unknown;
};

export const questions = [
  {
    id: 'q-experience',
    text: 'Have you had jewelry made before?',
    multiple: false,
    parentId: null,
    triggerAnswerId: null,
    answers: [
      { id: 'a-yes', text: 'Yes' },
      { id: 'a-no', text: 'No, this is my first time' },
    ],
    subQuestions: [
      {
        id: 'q-where',
        text: 'Where did you have it made?',
        multiple: true,
        parentId: 'q-experience',
        triggerAnswerId: 'a-yes',
        answers: [
          { id: 'a-local', text: 'A local jeweler' },
          { id: 'a-online', text: 'An online service' },
        ],
        subQuestions: [],
      },
    ],
  },
];

export function me(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    role: 'customer',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    phone: '2125550123',
    status: 'active',
    isInactive: false,
    blocked: false,
    firstTimeLogin: true,
    questionsBanner: false,
    hasSkippedQuestions: false,
    avatarUrl: null,
    address: {
      country: 'US',
      countryName: 'United States',
      state: 'NY',
      stateName: 'New York',
      city: 'New York',
      street: '5 Canal St',
      zipcode: '10013',
    },
    membership: { name: 'Standard' },
    credits: { monthly: 0, purchased: 0, balance: 0 },
    cartCount: 0,
    profileCompletePercent: 50,
    ...overrides,
  };
}

const defaults: Handler = ({ method, path }) => {
  if (method === 'GET' && path === '/api/me')
    return { status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in first.' } } };
  if (method === 'GET' && path === '/api/countries')
    return {
      status: 200,
      body: {
        countries: [
          { code: 'MC', name: 'Monaco', flag: '' },
          { code: 'US', name: 'United States', flag: '' },
        ],
      },
    };
  if (method === 'GET' && path === '/api/countries/US/states')
    return {
      status: 200,
      body: {
        states: [
          { code: 'NY', name: 'New York' },
          { code: 'CA', name: 'California' },
        ],
      },
    };
  if (method === 'GET' && path === '/api/countries/MC/states') return { status: 200, body: { states: [] } };
  if (method === 'GET' && path === '/api/onboarding/questions') return { status: 200, body: { questions } };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
};

/**
 * The app asks GET /api/auth/session at start; tests describe the account as GET /api/me answers it (200 with
 * the user, or 401 signed out), so the session answer is derived from that.
 */
function answerOf(handler: Handler | undefined, request: Recorded) {
  if (request.method === 'GET' && request.path === '/api/auth/session') {
    const asMe = { ...request, path: '/api/me' };
    const me = handler?.(asMe) ?? defaults(asMe);
    return me.status === 401 ? { status: 200, body: { user: null } } : me;
  }
  return handler?.(request) ?? defaults(request);
}

const sentForms = new WeakMap<Request, FormData>();

/**
 * Keeps the FormData each Request was made with, for the fake API to read. Node's Request encodes a jsdom
 * File (another realm's) as a nameless blob and cannot read it back, so the multipart bytes are not what a
 * browser sends; the form the app built is. Installed by the test setup before the API client captures
 * `Request`; everything else about the Request (URL, headers, signal) is Node's own.
 */
export function keepFormBodies() {
  const NativeRequest = globalThis.Request;
  globalThis.Request = class Request extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(input, init);
      if (init?.body instanceof FormData) sentForms.set(this, init.body);
    }
  };
}

/** Each request's path and query string, in the order sent (`/api/projects?filter=all&page=1`). */
export function sentUrls(): string[] {
  return vi.mocked(globalThis.fetch).mock.calls.map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    return url.pathname + url.search;
  });
}

/** Stands in for the HTTP API (the network edge only): answers by method and path, records every request. */
export function fakeApi(handler?: Handler) {
  const requests: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // the API client sends a Request; a plain fetch(url, init) is read the same way
    const sent =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(sent.url);
    const method = sent.method.toUpperCase();
    const type = sent.headers.get('content-type') ?? '';
    let body: unknown = undefined;
    const form = sentForms.get(sent) ?? (init?.body instanceof FormData ? init.body : undefined);
    if (form) body = form;
    else {
      const text = sent.body ? await sent.text() : '';
      if (text) body = type.includes('json') ? (JSON.parse(text) as unknown) : text;
    }
    // the headers are readable (`request.headers`) but not enumerable, so a test comparing a whole
    // request with toEqual stays about its method, path and body
    const request = Object.defineProperties(
      { method, path: url.pathname, body },
      {
        headers: { value: Object.fromEntries(sent.headers.entries()), enumerable: false },
        query: { value: Object.fromEntries(url.searchParams.entries()), enumerable: false },
      },
    ) as Recorded;
    requests.push(request);
    const answer = answerOf(handler, request);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests };
}
