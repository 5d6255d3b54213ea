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
export type SuccessMessage = Schemas['SuccessMessage'];
export type DeletedResponse = Schemas['DeletedResponse'];

// User Management
export type UserView = Schemas['UserView'];
export type UserRequest = Schemas['UserRequest'];
export type UserStatus = Schemas['UserStatus'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type UserEnvelope = Schemas['Envelope_UserView'];
export type UserListEnvelope = Schemas['Envelope_Vec_UserView'];

// Role Management
export type RoleView = Schemas['RoleView'];
export type RoleRequest = Schemas['RoleRequest'];
export type Permissions = Schemas['Permissions'];
export type PermissionResource = Schemas['Resource'];
export type RoleEnvelope = Schemas['Envelope_RoleView'];
export type RoleListEnvelope = Schemas['Envelope_Vec_RoleView'];

// Admin Panel lists
export type ListItem = Schemas['ListItem'];
export type ListItemRequest = Schemas['ListItemRequest'];
export type ListKind = Schemas['ListKind'];
