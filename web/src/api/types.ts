// Friendly names for the API's shapes. Every type here comes from the OpenAPI
// document (`npm run gen:api`); nothing re-declares an API shape by hand.
import type { components } from './schema';

type Schemas = components['schemas'];

export type LoginRequest = Schemas['LoginRequest'];
// LoginResponse and SessionUser: see 'Sign-in with a second factor' at the end.
export type PermissionEntry = Schemas['PermissionEntry'];
export type ErrorBody = Schemas['ErrorBody'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type MessageResponse = Schemas['MessageResponse'];
export type VerifyResponse = Schemas['VerifyResponse'];
export type SuccessMessage = Schemas['SuccessMessage'];
export type DeletedResponse = Schemas['DeletedResponse'];

// User Management
// UserView: see 'Sign-in with a second factor' at the end.
export type UserRequest = Schemas['UserForm'];
export type UserStatus = Schemas['UserStatus'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type UserEnvelope = Schemas['Envelope_UserView'];
export type UserListEnvelope = Schemas['Envelope_Vec_UserView'];

// Role Management
// RoleView and RoleRequest: see 'Sign-in with a second factor' at the end.
export type Permissions = Schemas['Permissions'];
export type PermissionResource = Schemas['Resource'];
export type RoleEnvelope = Schemas['Envelope_RoleView'];
export type RoleListEnvelope = Schemas['Envelope_Vec_RoleView'];

// Admin Panel lists
/** What a status means to the rules (resolution date, audit records, resolution rate, overdue), whatever its label. */
export type StatusMeaning = Schemas['StatusMeaning'];
export type ListItem = Schemas['ListItem'];
export type ListItemRequest = Schemas['ListItemForm'];
export type ListKind = Schemas['ListKind'];

// User dialog: the roles a user may be given (needs only users read)
export type RoleOption = Schemas['RoleOption'];
export type RoleOptionsEnvelope = Schemas['Envelope_Vec_RoleOption'];

// Grievances
export type Grievance = Schemas['Grievance'];
export type GrievanceFields = Schemas['GrievanceFields'];
export type OfficerEntry = Schemas['OfficerEntry'];
/** One person in the case as the server answers it (a victim of a sensitive case given protected). */
export type Party = Schemas['Party'];
/** One person as the form sends them. */
export type PartyForm = Schemas['PartyForm'];
export type PartyRole = Schemas['PartyRole'];
export type Gender = Schemas['Gender'];
export type Relation = Schemas['Relation'];
export type StatusRequest = Schemas['StatusRequest'];
export type AssignRequest = Schemas['AssignRequest'];
/** PUT /grievances/{id}: the form's fields, and the version the edit was based on. */
export type GrievanceUpdate = Schemas['GrievanceForm'];
/** GET /grievances/export/{excel,pdf,officers}: a short-lived download link. */
export type ExportLink = Schemas['ExportLink'];
export type ExportJob = Schemas['ExportJob'];
export type ExportJobStatus = Schemas['ExportJobStatus'];
/** PUT /grievances/{id}/transfer: the police station it goes to, and why. */
export type TransferRequest = Schemas['TransferForm'];
export type Assignee = Schemas['Assignee'];
/** GET/PUT /admin/transfer-limit: how many times a grievance may be transferred. */
export type TransferLimit = Schemas['TransferLimit'];
/** GET /grievances/scope: which grievances the caller reaches, for the list's filters. */
export type ScopeView = Schemas['ScopeView'];

// Dashboard
export type GrievanceStats = Schemas['GrievanceStats'];
export type StatusCount = Schemas['StatusCount'];
export type PriorityCount = Schemas['PriorityCount'];
export type Activity = Schemas['Activity'];

// Audit History
export type AuditStatistics = Schemas['AuditStatistics'];
export type AuditAction = Schemas['AuditAction'];

// Escalation
/** Where an overdue grievance was escalated: the level, the posting that holds it, when and how late. */
export type Escalation = Schemas['Escalation'];
export type EscalationLevel = Schemas['EscalationLevel'];
/** GET/PUT /admin/escalation-rules: days past the stage's limit before each level. */
export type EscalationRules = Schemas['EscalationRules'];

// Casework: pendency, attachments and case notes
export type GrievanceView = Schemas['GrievanceView'];
/** A list's row: each clock's state and due day, without the rules' text or the actions. */
export type GrievanceRow = Schemas['GrievanceRow'];
export type GrievanceEnvelope = Schemas['Envelope_GrievanceView'];
export type GrievancePage = Schemas['GrievancePage'];
/** The list screen's row (GET /grievances?view=summary): what its columns and badges show. */
export type GrievanceSummaryRow = Schemas['GrievanceSummaryRow'];
export type GrievanceSummaryPage = Schemas['GrievanceSummaryPage'];
/** GET /grievances/lookup: grievances by grievance number or FIR number, highest first. */
export type LookupPage = Schemas['LookupPage'];
export type SortKey = Schemas['SortKey'];
export type SortDirection = Schemas['SortDirection'];
export type PerformanceMetrics = Schemas['PerformanceMetrics'];
export type StationPerformance = Schemas['StationPerformance'];
export type Stage = Schemas['Stage'];
export type Pendency = Schemas['Pendency'];
export type PendencyLimitsView = Schemas['PendencyLimitsView'];
export type PendencyLimitsRequest = Schemas['PendencyLimitsRequest'];
/** Days per priority and stage, as the Admin Panel sends them; null = no limit. */
export type PendencyLimits = PendencyLimitsRequest['limits'];
export type Attachment = Schemas['Attachment'];
export type UploadRequest = Schemas['UploadRequest'];
export type UploadTicket = Schemas['UploadTicket'];
export type AttachRequest = Schemas['AttachRequest'];
export type FileLink = Schemas['FileLink'];
export type Note = Schemas['Note'];
export type NoteRequest = Schemas['NoteRequest'];
export type AttachmentEnvelope = Schemas['Envelope_Attachment'];
export type AttachmentListEnvelope = Schemas['Envelope_Vec_Attachment'];
export type NoteEnvelope = Schemas['Envelope_Note'];
export type NoteListEnvelope = Schemas['Envelope_Vec_Note'];

// Sign-in with a second factor, and the accounts that carry it
/** POST /auth/login: a session, or a two-factor challenge, or a session that must enrol first. */
export type LoginResponse = Schemas['LoginResponse'];
export type SessionUser = Schemas['SessionUser'];
export type UserView = Schemas['UserView'];
/** Where a user serves. */
export type PostingWire = Schemas['PostingWire'];
export type RoleView = Schemas['RoleView'];
export type RoleRequest = Schemas['RoleForm'];
export type TwoFactorLoginRequest = Schemas['TwoFactorLoginRequest'];
export type TwoFactorSetup = Schemas['TwoFactorSetup'];
export type TwoFactorCodeRequest = Schemas['TwoFactorCodeRequest'];
export type TwoFactorDisableRequest = Schemas['TwoFactorDisableRequest'];
export type RecoveryCodes = Schemas['RecoveryCodes'];

// Sessions with an idle timeout and a lifetime
/** GET /auth/session: how long the caller's session lasts (asking counts as activity). */
export type SessionTimes = Schemas['SessionTimes'];

// Closure approval
/** A closure waiting for another officer's approval: the status it proposes, and who asked when. */
export type ClosureRequest = Schemas['ClosureRequest'];
/** POST /grievances/{id}/closure/approve. */
export type ClosureDecision = Schemas['ClosureDecision'];
/** POST /grievances/{id}/closure/return: why, and the version the decision was based on. */
export type ClosureReturn = Schemas['ClosureReturn'];

// Duplicate warnings
/** POST /grievances: the form fields, and the confirmation that a FIR number already recorded is another case. */
export type NewGrievanceRequest = Schemas['GrievanceForm'];
/** POST /grievances/duplicates: the form's fields as typed so far (`id` when editing). */
export type DuplicateProbe = Schemas['Probe'];
/** One likely duplicate, as the form links to it. */
export type Duplicate = Schemas['Duplicate'];
/** The same FIR number at the station that year (saving needs a confirmation), and similar recent cases. */
export type Duplicates = Schemas['Duplicates'];

// Notifications
/** One notification, as its recipient reads it: the SPA words it by its kind. */
export type Notice = Schemas['Notice'];
export type NoticeKind = Schemas['NoticeKind'];
/** GET /notifications: a page, newest first, the unread count, and the cursor of the next page. */
export type NotificationPage = Schemas['NotificationPage'];
export type NotificationPageEnvelope = Schemas['Envelope_NotificationPage'];
/** GET/PUT /notifications/preferences: for each kind of notification, whether it is also emailed. */
export type EmailChoices = Schemas['EmailChoices'];
export type EmailChoicesRequest = Schemas['EmailChoicesForm'];
export type EmailChoicesEnvelope = Schemas['Envelope_EmailChoices'];

// The trash
/** A deleted grievance as the Trash lists it. */
export type TrashedGrievance = Schemas['TrashedGrievance'];
/** GET /grievances/trash: a page, latest deletion first, and the cursor of the next. */
export type TrashPage = Schemas['TrashPage'];
/** GET/PUT /admin/trash-retention: the days a deleted grievance is kept before it is purged. */
export type TrashRetention = Schemas['TrashRetention'];
export type TrashRetentionEnvelope = Schemas['Envelope_TrashRetention'];
/** GET /notifications/unread: what the bell shows. */
export type UnreadCount = Schemas['UnreadCount'];
export type UnreadCountEnvelope = Schemas['Envelope_UnreadCount'];
/** POST /notifications/{id}/read and /notifications/read-all: the unread count after it, and how many it marked. */
export type MarkedRead = Schemas['MarkedRead'];
export type MarkedReadEnvelope = Schemas['Envelope_MarkedRead'];

// Saved views of the grievance list
/** A named view of the list: its query (filters and order) and row spacing. */
export type SavedView = Schemas['SavedView'];
/** A view as the list offers it: the user's own, or one the Admin published to their role. */
export type ViewEntry = Schemas['ViewEntry'];
/** GET /views and every change of a view: the views and the default one. */
export type Views = Schemas['Views'];
export type ViewsEnvelope = Schemas['Envelope_Views'];
/** POST /views, PUT /views/{id}. */
export type ViewForm = Schemas['ViewForm'];
/** PUT /views/default. */
export type DefaultViewForm = Schemas['DefaultForm'];
/** A view published by the Admin to the holders of a role. */
export type PublishedView = Schemas['PublishedView'];
export type PublishForm = Schemas['PublishForm'];
export type PublishedViewEnvelope = Schemas['Envelope_PublishedView'];
export type PublishedViewListEnvelope = Schemas['Envelope_Vec_PublishedView'];

// One change to many grievances
/** POST /grievances/bulk: one action for every selected grievance. */
export type BulkRequest = Schemas['BulkRequest'];
/** What was done and what was refused, each as its own request would have answered. */
export type BulkResult = Schemas['BulkResult'];
export type BulkDone = Schemas['BulkDone'];
export type BulkRefused = Schemas['BulkRefused'];

// Imports from a CSV or Excel file (organisation, staff, registers): a dry run's report, and a run
export type ImportRequest = Schemas['ImportRequest'];
export type ImportReport = Schemas['ImportReport'];
export type ImportOutcome = Schemas['ImportOutcome'];
export type ImportReportEnvelope = Schemas['Envelope_ImportReport'];
export type ImportOutcomeEnvelope = Schemas['Envelope_ImportOutcome'];
export type ImportField = Schemas['FieldMapping'];
export type ImportCounts = Schemas['Counts'];
export type ImportRow = Schemas['RowReport'];
export type ImportRowError = Schemas['RowError'];
export type ImportRowOutcome = Schemas['Outcome'];
/** A new user's one-time link to set their password, shown once after a staff import. */
export type SignInLink = Schemas['SignInLink'];
/** POST /auth/set-password: the sign-in link's token and the chosen password (no session). */
export type SetPasswordRequest = Schemas['SetPasswordRequest'];
