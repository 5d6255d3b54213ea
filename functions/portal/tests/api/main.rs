//! The portal's tests, in one binary: one link of the whole product instead of one per file,
//! and one moto server with one prepared table (`apitest`) for every DynamoDB test, where a
//! binary per file started its own. Each module is the tests of one area or concern.
//! `lambda_watch.rs` is a binary of its own: it sets the process's audit chain key
//! (`cases::chain::use_key`) to the one its functions are deployed with.

mod common;

mod admin_api;
mod admin_audit_api;
mod audit_chain_api;
mod audit_dashboard_api;
mod audit_export_api;
mod audit_tamper;
mod backup;
mod casework_api;
mod citizens_api;
mod client_ip;
mod closure_api;
mod compliance_api;
mod concurrency;
mod crash;
mod desk_api;
mod duplicates_api;
mod error_codes_api;
mod escalation_api;
mod exports_api;
mod grievances_api;
mod imports_api;
mod key_rotation;
mod law_api;
mod least_privilege;
mod list_meanings_api;
mod notifications_api;
mod parties_api;
mod publication_api;
mod permissions;
mod reports_api;
mod request_budget;
mod scopes_api;
mod security_api;
mod seed_cli;
mod slow_clients;
mod template_routes;
mod two_factor_api;
mod upgrade_api;
