/** Shapes of the server API, from the generated contract (`src/api`, decision 018). */
import type { Reply, RequestBody, Schemas } from '../api';

/** The signed-in account (GET /api/me). */
export type Me = Reply<'/api/me', 'get'>['user'];

export type Role = Me['role'];

export type AccountStatus = Me['status'];

export type Address = NonNullable<Me['address']>;

/** Where a login signs in (POST /api/auth/login). */
export type Portal = RequestBody<'/api/auth/login', 'post'>['portal'];

/** The body of every failed response. */
export type ApiErrorBody = Schemas['Error'];
