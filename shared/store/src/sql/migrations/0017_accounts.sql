-- Version 16 to 17: users, roles, sessions and sign-in lockouts as rows. Each keeps its record
-- whole (`record`, the accounts port's record as JSON) beside the columns a question or a rule
-- needs; a file an earlier release wrote keeps them as items until the portal moves them here
-- as it opens the file.
--
-- users: `email` is the email as its claim was kept (trimmed, lowercase), UNIQUE so that two
-- accounts cannot hold one address; `role_id` and `active` answer a role's member counts and
-- whether a change takes away the last active Admin; `version` is what a change is
-- conditioned on; `posted_list`/`posted_id` name the police station or district the user is
-- posted at (NULL for a range or the state), for the places' counts of users posted at them.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    role_id INTEGER NOT NULL,
    active INTEGER NOT NULL CHECK (active IN (0, 1)),
    version INTEGER NOT NULL,
    posted_list TEXT CHECK (posted_list IN ('police_stations', 'districts')),
    posted_id INTEGER,
    record TEXT NOT NULL,
    CHECK ((posted_list IS NULL) = (posted_id IS NULL))
);
CREATE INDEX users_by_role ON users (role_id, active);
CREATE INDEX users_by_posting ON users (posted_list, posted_id) WHERE posted_list IS NOT NULL;

-- roles: `name_key` is the claim that makes a name unique, its look-alike skeleton
-- (`domain::role_name::key`); `legacy_name_key` the lowercase claim releases before
-- look-alike keys wrote, kept while the role holds it so that no other role takes a name
-- that reads the same as it. A name is taken when either column of any role holds its key.
-- `members` and `active_members` count the users holding the role (the Roles screen shows
-- them, and the last active Admin is kept by them), moved by each user's write in its own
-- transaction: every request reads its caller's role, and counting a large role's users
-- each time would cost in proportion to the staff.
CREATE TABLE roles (
    id INTEGER PRIMARY KEY,
    name_key TEXT UNIQUE,
    legacy_name_key TEXT UNIQUE,
    version INTEGER NOT NULL,
    members INTEGER NOT NULL DEFAULT 0 CHECK (members >= 0),
    active_members INTEGER NOT NULL DEFAULT 0 CHECK (active_members BETWEEN 0 AND members),
    record TEXT NOT NULL
);

-- sessions: found by id (every request), by user (signing out everywhere, deactivation) and
-- by `removable_at`, the time from which the sweep removes one.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    removable_at INTEGER NOT NULL,
    record TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_removal ON sessions (removable_at);

-- sign_in_lockouts: one per email (trimmed, lowercase), with the version an attempt's write
-- is conditioned on and the time until which it is kept (NULL: a record of an earlier
-- release that gave none).
CREATE TABLE sign_in_lockouts (
    email TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    expires_at INTEGER,
    record TEXT NOT NULL
) WITHOUT ROWID;
