// Friendly names for the API's shapes. Every type here comes from the OpenAPI
// document (`npm run gen:api`); nothing re-declares an API shape by hand.
import type { components } from './schema';

type Schemas = components['schemas'];

export type LoginRequest = Schemas['LoginRequest'];
export type LoginResponse = Schemas['LoginResponse'];
export type SessionUser = Schemas['SessionUser'];
export type PermissionEntry = Schemas['PermissionEntry'];
export type ErrorBody = Schemas['ErrorBody'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type MessageResponse = Schemas['MessageResponse'];
export type VerifyResponse = Schemas['VerifyResponse'];
