//! Two-factor sign-in through the real routers, on both engines: enrolment with a QR key and
//! recovery codes, sign-in with a valid, a wrong and a replayed code, recovery codes used
//! once, the role setting that makes it mandatory (on for Admin by default), the lockout
//! counting failed codes, an administrator's reset, turning it off with the password and a
//! code, and the audit records of each.

use apitest::{on_both_engines, Api, Engine};
use auth::two_factor::code_at;
use http::StatusCode;
use serde_json::{json, Value};

const PASSWORD: &str = "Officer-Pass-1";

fn now() -> u64 {
    time::OffsetDateTime::now_utc().unix_timestamp() as u64
}

/// A user of a new role; answers the user's id.
async fn user(api: &Api, admin: &str, email: &str, require_two_factor: bool) -> i64 {
    let role = api
        .post("/api/roles", admin, json!({"name": format!("Role {email}"), "permissions": {"grievances": "read"}, "require_two_factor": require_two_factor}))
        .await;
    assert_eq!((role.status, role.body["data"]["require_two_factor"].as_bool()), (StatusCode::CREATED, Some(require_two_factor)), "{:?}", role.body);
    let user = api.post("/api/users", admin, json!({"name": format!("Officer {email}"), "email": email, "password": PASSWORD,
        "department": "Crime Branch", "designation": "Inspector", "role_id": role.body["data"]["id"]})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    user.body["data"]["id"].as_i64().unwrap()
}

async fn password_step(api: &Api, email: &str) -> apitest::Answer {
    let answer = api.call("POST", "/api/auth/login", None, Some(json!({"email": email, "password": PASSWORD}))).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer
}

async fn code_step(api: &Api, challenge: &Value, code: &str) -> apitest::Answer {
    api.call("POST", "/api/auth/login/two-factor", None, Some(json!({"challenge": challenge, "code": code}))).await
}

/// Sets up the second factor from a signed-in session; answers the secret and the recovery codes.
async fn enrol(api: &Api, token: &str) -> (String, Vec<String>) {
    let setup = api.call("POST", "/api/auth/two-factor/setup", Some(token), None).await;
    assert_eq!(setup.status, StatusCode::OK, "{:?}", setup.body);
    let secret = setup.body["secret"].as_str().unwrap().to_string();
    assert!(setup.body["otpauth_url"].as_str().unwrap().starts_with("otpauth://totp/Grievance%20Portal:"), "{:?}", setup.body);
    let wrong = api.post("/api/auth/two-factor/enable", token, json!({"code": "000000"})).await;
    assert_eq!((wrong.status, wrong.error()), (StatusCode::BAD_REQUEST, "The code is not valid. Check your authenticator app and try again."));
    let enabled = api.post("/api/auth/two-factor/enable", token, json!({"code": code_at(&secret, now()).unwrap()})).await;
    assert_eq!(enabled.status, StatusCode::OK, "{:?}", enabled.body);
    let codes: Vec<String> = serde_json::from_value(enabled.body["recovery_codes"].clone()).unwrap();
    (secret, codes)
}

async fn trail(api: &Api, admin: &str, action: &str) -> Vec<Value> {
    api.get(&format!("/api/audit/all?action={action}"), admin).await.body.as_array().cloned().unwrap_or_default()
}

async fn a_required_second_factor_is_set_up_before_anything_else(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    user(&api, &admin, "secure@police.test", true).await;
    let first = password_step(&api, "secure@police.test").await;
    assert_eq!(first.body["two_factor_setup_required"], true);
    assert_eq!(first.body["user"]["two_factor_required"], true);
    let token = first.body["token"].as_str().unwrap().to_string();
    let refused = api.get("/api/grievances", &token).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::FORBIDDEN, "Set up two-factor authentication to continue."));
    assert_eq!(api.get("/api/auth/me", &token).await.status, StatusCode::OK, "who they are, to show the set-up");

    let (secret, codes) = enrol(&api, &token).await;
    assert_eq!(codes.len(), 10);
    assert_eq!(api.get("/api/grievances", &token).await.status, StatusCode::OK, "set up: the session works");
    assert_eq!(api.get("/api/auth/me", &token).await.body["two_factor_enabled"], true);
    let enabled = trail(&api, &admin, "TWO_FACTOR_ENABLED").await;
    assert_eq!((enabled.len(), enabled[0]["user_email"].as_str()), (1, Some("secure@police.test")));
    assert!(!secret.is_empty());
}

async fn sign_in_takes_a_valid_code_once_and_refuses_wrong_and_replayed_ones(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    user(&api, &admin, "ravi@police.test", false).await;
    let token = password_step(&api, "ravi@police.test").await.body["token"].as_str().unwrap().to_string();
    let (secret, _) = enrol(&api, &token).await;

    let step = password_step(&api, "ravi@police.test").await;
    assert_eq!((step.body["two_factor_required"].as_bool(), step.body.get("token")), (Some(true), None), "no session before the code");
    let challenge = step.body["challenge"].clone();
    assert_eq!(api.get("/api/auth/me", challenge.as_str().unwrap()).await.status, StatusCode::UNAUTHORIZED, "a challenge is no session");

    let wrong = code_step(&api, &challenge, "123456").await;
    assert_eq!((wrong.status, wrong.error()), (StatusCode::UNAUTHORIZED, "The code is not valid. Check your authenticator app and try again."));
    // The enrolment used this step's code: the next step's (a clock 30 s ahead) signs in.
    let next = code_at(&secret, now() + 30).unwrap();
    let signed_in = code_step(&api, &challenge, &next).await;
    assert_eq!(signed_in.status, StatusCode::OK, "{:?}", signed_in.body);
    let session = signed_in.body["token"].as_str().unwrap();
    assert_eq!(api.get("/api/grievances", session).await.status, StatusCode::OK);
    let replayed = code_step(&api, &password_step(&api, "ravi@police.test").await.body["challenge"], &next).await;
    assert_eq!((replayed.status, replayed.error()), (StatusCode::UNAUTHORIZED, "This code has already been used. Wait for the next one."));
    let current = code_at(&secret, now()).unwrap();
    let older = code_step(&api, &password_step(&api, "ravi@police.test").await.body["challenge"], &current).await;
    assert_eq!(older.error(), "This code has already been used. Wait for the next one.", "a code older than the last one used");

    let failed = trail(&api, &admin, "TWO_FACTOR_FAILED").await;
    assert_eq!(failed.len(), 3, "the wrong and the two replayed codes: {failed:?}");
    assert_eq!(failed[0]["user_email"], "ravi@police.test");
    assert_eq!(failed[0]["notes"], "Sign-in refused: a code already used");
    assert_eq!(failed[2]["notes"], "Sign-in refused: a wrong code");
}

/// Where the secrets could be read at rest: every file of the embedded store's directory (the
/// users' rows), or the user's item in the DynamoDB table, as bytes.
async fn stored_bytes(api: &Api, user_id: i64) -> Vec<u8> {
    let Some(dir) = api.dir() else {
        let item = api.state.store.get(&store::Key::new(format!("USER#{user_id}"), "USER")).await.unwrap().expect("the user's item");
        return serde_json::to_vec(&item.attrs).unwrap();
    };
    let mut bytes = Vec::new();
    for file in std::fs::read_dir(dir).unwrap() {
        let path = file.unwrap().path();
        if path.is_file() {
            bytes.extend(std::fs::read(&path).unwrap());
        }
    }
    bytes
}

fn holds(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

/// Second-factor secrets are sealed at rest: one set up now is never written in plain text,
/// and one an earlier release kept in plain text is sealed by the upgrade; both still sign in.
async fn second_factor_secrets_are_unreadable_at_rest_and_sealed_on_upgrade(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let new_id = user(&api, &admin, "new@police.test", false).await;
    let token = password_step(&api, "new@police.test").await.body["token"].as_str().unwrap().to_string();
    let (new_secret, codes) = enrol(&api, &token).await;

    // What an earlier release kept: the secret in plain text (written here without the key).
    let old_id = user(&api, &admin, "old@police.test", false).await;
    let keyless = api.state.clone().with_sealing(auth::sealing::SealingKey::none()).accounts;
    let old = keyless.user(old_id).await.unwrap().unwrap();
    let (old_secret, _) = auth::two_factor::new_key("old@police.test").unwrap();
    let plain = auth::two_factor::TwoFactor { enabled: true, secret: Some(old_secret.clone()), ..Default::default() };
    assert_eq!(keyless.save_two_factor(&old, &plain).await.unwrap(), auth::port::Outcome::Written);
    assert!(holds(&stored_bytes(&api, old_id).await, &old_secret), "the plain secret is readable before the upgrade (so the search can find one)");

    assert_eq!(api.state.accounts.seal_secrets().await.unwrap(), 1, "the plain one only");
    assert_eq!(api.state.accounts.seal_secrets().await.unwrap(), 0, "once");
    for (id, secret) in [(new_id, &new_secret), (old_id, &old_secret)] {
        let bytes = stored_bytes(&api, id).await;
        assert!(!holds(&bytes, secret), "user {id}'s secret is readable at rest");
        assert!(holds(&bytes, "sealed:v1:"), "user {id}'s state is kept sealed");
    }
    for code in &codes {
        assert!(!holds(&stored_bytes(&api, new_id).await, &code.to_lowercase()), "a recovery code at rest");
    }

    let old_code = code_at(&old_secret, now()).unwrap();
    let signed_in = code_step(&api, &password_step(&api, "old@police.test").await.body["challenge"], &old_code).await;
    assert_eq!(signed_in.status, StatusCode::OK, "the upgraded user signs in with their app: {:?}", signed_in.body);
    let next = code_at(&new_secret, now() + 30).unwrap();
    assert_eq!(code_step(&api, &password_step(&api, "new@police.test").await.body["challenge"], &next).await.status, StatusCode::OK);
    assert_eq!(code_step(&api, &password_step(&api, "new@police.test").await.body["challenge"], &codes[0]).await.status, StatusCode::OK, "a recovery code");
}

async fn a_recovery_code_signs_in_once(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    user(&api, &admin, "sita@police.test", false).await;
    let token = password_step(&api, "sita@police.test").await.body["token"].as_str().unwrap().to_string();
    let (_, codes) = enrol(&api, &token).await;
    let first = code_step(&api, &password_step(&api, "sita@police.test").await.body["challenge"], &codes[3].to_uppercase()).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    let again = code_step(&api, &password_step(&api, "sita@police.test").await.body["challenge"], &codes[3]).await;
    assert_eq!((again.status, again.error()), (StatusCode::UNAUTHORIZED, "The code is not valid. Check your authenticator app and try again."));
    assert_eq!(code_step(&api, &password_step(&api, "sita@police.test").await.body["challenge"], &codes[4]).await.status, StatusCode::OK);
}

async fn failed_codes_count_toward_the_lockout(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    user(&api, &admin, "lock@police.test", false).await;
    let token = password_step(&api, "lock@police.test").await.body["token"].as_str().unwrap().to_string();
    let (secret, _) = enrol(&api, &token).await;
    let challenge = password_step(&api, "lock@police.test").await.body["challenge"].clone();
    for _ in 0..5 {
        assert_eq!(code_step(&api, &challenge, "999999").await.status, StatusCode::UNAUTHORIZED);
    }
    let locked = code_step(&api, &challenge, &code_at(&secret, now() + 30).unwrap()).await;
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS, "even the right code: {:?}", locked.body);
    let password = api.call("POST", "/api/auth/login", None, Some(json!({"email": "lock@police.test", "password": PASSWORD}))).await;
    assert_eq!(password.status, StatusCode::TOO_MANY_REQUESTS, "the password step too");
}

async fn an_admin_resets_a_second_factor_and_the_admin_role_requires_one_by_default(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = user(&api, &admin, "lost@police.test", true).await;
    let token = password_step(&api, "lost@police.test").await.body["token"].as_str().unwrap().to_string();
    enrol(&api, &token).await;
    let listed = api.get(&format!("/api/users/{id}"), &admin).await;
    assert_eq!(listed.body["data"]["two_factor_enabled"], true);
    let reset = api.call("POST", &format!("/api/users/{id}/reset-two-factor"), Some(&admin), None).await;
    assert_eq!((reset.status, reset.body["message"].as_str()), (StatusCode::OK, Some("Two-factor authentication reset")));
    assert_eq!(api.get("/api/auth/me", &token).await.status, StatusCode::UNAUTHORIZED, "their sessions ended");
    let again = password_step(&api, "lost@police.test").await;
    assert_eq!(again.body["two_factor_setup_required"], true, "set up again at the next sign-in");
    let resets = trail(&api, &admin, "TWO_FACTOR_RESET").await;
    assert_eq!((resets.len(), resets[0]["user_name"].as_str()), (1, Some(apitest::ADMIN_NAME)));
    assert_eq!(resets[0]["action_details"]["subject"]["name"], "lost@police.test", "the record names whose second factor was reset");
    assert_eq!((resets[0]["action_details"]["before"].clone(), resets[0]["action_details"]["after"].clone()),
               (json!({"two_factor_enabled": true}), json!({"two_factor_enabled": false, "sessions": "ended"})));

    // The Admin role's own setting: the test harness turned it off; back to the product's default.
    let roles = api.get("/api/roles", &admin).await.body["data"].clone();
    let admin_role = roles.as_array().unwrap().iter().find(|r| r["name"] == "Admin").unwrap().clone();
    assert_eq!(admin_role["require_two_factor"], false);
    let on = api.put("/api/roles/1", &admin, json!({"name": "Admin", "description": admin_role["description"], "permissions": admin_role["permissions"], "require_two_factor": true})).await;
    assert_eq!((on.status, on.body["data"]["require_two_factor"].as_bool()), (StatusCode::OK, Some(true)), "{:?}", on.body);
    let relogin = api.call("POST", "/api/auth/login", None, Some(json!({"email": apitest::ADMIN_EMAIL, "password": apitest::ADMIN_PASSWORD}))).await;
    assert_eq!(relogin.body["two_factor_setup_required"], true);
    assert_eq!(api.get("/api/users", &admin).await.status, StatusCode::FORBIDDEN, "the Admin's own session too, until set up");
    let accounts = api.state.accounts.clone();
    let fresh_role = auth::roles::RoleRecord { require_two_factor: None, ..auth::roles::get(accounts.as_ref(), 1).await.unwrap().unwrap() };
    assert!(fresh_role.requires_two_factor(), "unset, the Admin role requires a second factor");
}

async fn a_user_whose_role_allows_it_may_turn_the_second_factor_off(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    user(&api, &admin, "free@police.test", false).await;
    user(&api, &admin, "bound@police.test", true).await;
    let token = password_step(&api, "free@police.test").await.body["token"].as_str().unwrap().to_string();
    let (secret, _) = enrol(&api, &token).await;
    let off = api.post("/api/auth/two-factor/disable", &token, json!({"password": PASSWORD, "code": code_at(&secret, now() + 30).unwrap()})).await;
    assert_eq!((off.status, off.body["message"].as_str()), (StatusCode::OK, Some("Two-factor authentication turned off")));
    assert!(password_step(&api, "free@police.test").await.body["token"].is_string(), "a password alone again");
    assert_eq!(trail(&api, &admin, "TWO_FACTOR_DISABLED").await.len(), 1);

    let bound = password_step(&api, "bound@police.test").await.body["token"].as_str().unwrap().to_string();
    let (secret, _) = enrol(&api, &bound).await;
    let refused = api.post("/api/auth/two-factor/disable", &bound, json!({"password": PASSWORD, "code": code_at(&secret, now() + 30).unwrap()})).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::FORBIDDEN, "Your role requires two-factor authentication; it cannot be turned off."));
}

/// A session left open (or stolen) does not drop the second factor: turning it off takes the
/// current password and a code, and wrong ones count toward the sign-in lockout, are audited,
/// and once the email is locked even the right ones are refused as a sign-in is.
async fn turning_the_second_factor_off_takes_the_password_and_a_code_under_the_lockout(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    user(&api, &admin, "taken@police.test", false).await;
    let token = password_step(&api, "taken@police.test").await.body["token"].as_str().unwrap().to_string();
    let (secret, _) = enrol(&api, &token).await;
    let right = || code_at(&secret, now() + 30).unwrap();
    let disable = |body: Value| api.post("/api/auth/two-factor/disable", &token, body);

    // Blank fields are a form to fill in: refused, not counted.
    let code_only = disable(json!({"code": right()})).await;
    assert_eq!((code_only.status, code_only.error()), (StatusCode::BAD_REQUEST, "Current password is required"), "{:?}", code_only.body);
    assert_eq!(code_only.body["fields"], json!({"password": "Current password is required"}));
    assert_eq!(disable(json!({"password": PASSWORD})).await.body["fields"], json!({"code": "Enter the code from your authenticator app"}));

    let wrong_password = disable(json!({"password": "Guess-Pass-1", "code": right()})).await;
    assert_eq!((wrong_password.status, wrong_password.body["fields"].clone()), (StatusCode::BAD_REQUEST, json!({"password": "Current password is incorrect"})));
    let wrong_code = disable(json!({"password": PASSWORD, "code": "123456"})).await;
    assert_eq!(
        (wrong_code.status, wrong_code.body["fields"].clone()),
        (StatusCode::BAD_REQUEST, json!({"code": "The code is not valid. Check your authenticator app and try again."}))
    );
    let failed = trail(&api, &admin, "TWO_FACTOR_FAILED").await;
    let notes: Vec<&str> = failed.iter().map(|r| r["notes"].as_str().unwrap()).collect();
    assert_eq!(
        notes,
        ["Turning off two-factor authentication refused: a wrong code", "Turning off two-factor authentication refused: a wrong password"],
        "newest first"
    );
    assert!(failed.iter().all(|r| r["user_email"] == "taken@police.test"), "{failed:?}");

    for guess in ["Guess-Pass-2", "Guess-Pass-3", "Guess-Pass-4"] {
        assert_eq!(disable(json!({"password": guess, "code": right()})).await.status, StatusCode::BAD_REQUEST);
    }
    // Five failures: locked, as a sign-in is, with its message.
    let locked = disable(json!({"password": PASSWORD, "code": right()})).await;
    let message = "Too many failed sign-in attempts. Please try again in 15 minutes.";
    assert_eq!((locked.status, locked.error()), (StatusCode::TOO_MANY_REQUESTS, message), "even the right password and code: {:?}", locked.body);
    let sign_in = api.call("POST", "/api/auth/login", None, Some(json!({"email": "taken@police.test", "password": PASSWORD}))).await;
    assert_eq!((sign_in.status, sign_in.error()), (StatusCode::TOO_MANY_REQUESTS, message), "the same lock as signing in");
    assert_eq!(api.get("/api/auth/me", &token).await.body["two_factor_enabled"], true, "still on");
    assert_eq!(trail(&api, &admin, "TWO_FACTOR_DISABLED").await.len(), 0);
    assert_eq!(trail(&api, &admin, "TWO_FACTOR_FAILED").await.len(), 5, "each wrong attempt once; the refused ones unjudged");
}

on_both_engines!(
    second_factor_secrets_are_unreadable_at_rest_and_sealed_on_upgrade,
    a_required_second_factor_is_set_up_before_anything_else,
    sign_in_takes_a_valid_code_once_and_refuses_wrong_and_replayed_ones,
    a_recovery_code_signs_in_once,
    failed_codes_count_toward_the_lockout,
    an_admin_resets_a_second_factor_and_the_admin_role_requires_one_by_default,
    a_user_whose_role_allows_it_may_turn_the_second_factor_off,
    turning_the_second_factor_off_takes_the_password_and_a_code_under_the_lockout,
);
