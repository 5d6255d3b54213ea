//! argon2id password hashes. Hashing is slow on purpose, so it runs off the async runtime.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::{mpsc, Arc, Mutex, OnceLock};

/// What a new hash costs. Every build that holds real passwords is a release build (`make
/// run`, the Lambda functions, `make bench`): argon2id at argon2's default, OWASP's minimum
/// (19 MiB, 2 passes, 1 lane). Debug builds are the tests' builds, which set and check
/// thousands of passwords (a fifth of the API tests' CPU at the full cost): they hash at
/// argon2's least cost. A hash carries its own cost, and a check uses it, so any build checks
/// a hash any build made.
fn hasher() -> Argon2<'static> {
    if cfg!(debug_assertions) {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, least_cost())
    } else {
        Argon2::default()
    }
}

fn least_cost() -> Params {
    Params::new(Params::MIN_M_COST, Params::MIN_T_COST, Params::MIN_P_COST, None).expect("argon2's own minimum is valid")
}

/// Said when a debug build starts a server: its new hashes are not fit for real passwords.
pub fn build_warning() -> Option<&'static str> {
    cfg!(debug_assertions).then_some("a debug build hashes new passwords at argon2's least cost; serve real users from a release build (make run)")
}

/// A hash to work out on one of the hashing threads.
type Job = Box<dyn FnOnce() + Send>;

/// Passwords are hashed on threads of their own, as many as the machine has cores (at most 8),
/// each taking the next waiting hash. Each hash holds its memory cost (19 MiB at the deployed
/// cost) while it runs, and more at once than there are cores finish no sooner: a burst of
/// sign-ins (a shift starting, or someone trying passwords from many addresses) waits its turn
/// (sixteen at once took a server from 62 to 170 MiB). And a thread's heap keeps the 19 MiB it
/// freed for its next use: run on whichever thread of the blocking pool was free, forty
/// sign-ins one after another left a server at 128 MiB; on these threads, one block is kept per
/// thread at most.
fn hashers() -> &'static mpsc::Sender<Job> {
    static JOBS: OnceLock<mpsc::Sender<Job>> = OnceLock::new();
    JOBS.get_or_init(|| {
        let (jobs, waiting) = mpsc::channel::<Job>();
        let waiting = Arc::new(Mutex::new(waiting));
        for n in 0..hashing_threads() {
            let waiting = waiting.clone();
            std::thread::Builder::new()
                .name(HASHING_THREAD.into())
                .spawn(move || loop {
                    let next = waiting.lock().unwrap_or_else(|p| p.into_inner()).recv();
                    let Ok(job) = next else { return };
                    // A hash that panics loses its own answer (its caller hears of it), not the
                    // thread.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                })
                .unwrap_or_else(|e| panic!("cannot start password hashing thread {n}: {e}"));
        }
        jobs
    })
}

const HASHING_THREAD: &str = "password-hashing";

fn hashing_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).min(8)
}

/// Runs `work` on a hashing thread, once one is free, and answers what it gave.
async fn bounded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, domain::Error> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = answer.send(work());
    });
    hashers().send(job).map_err(|_| domain::Error::internal("the password hashing threads have stopped"))?;
    answered.await.map_err(|_| domain::Error::internal("a password hash failed"))
}

pub async fn hash(password: &str) -> Result<String, domain::Error> {
    let password = password.to_string();
    bounded(move || {
        let salt = SaltString::generate(&mut OsRng);
        hasher().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(domain::Error::internal)
    })
    .await?
}

/// Whether `password` matches `stored`. With no stored hash (an unknown email) a dummy hash
/// is checked anyway, so that the answer takes as long as for a known email.
pub async fn verify(password: &str, stored: Option<&str>) -> bool {
    let password = password.to_string();
    let known = stored.is_some();
    let stored = stored.map(str::to_string).unwrap_or_else(|| dummy_hash().to_string());
    bounded(move || {
        let matches = PasswordHash::new(&stored)
            .map(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
            .unwrap_or(false);
        known && matches
    })
    .await
    .unwrap_or(false)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        hasher().hash_password(b"not-a-real-password", &salt).expect("hashing").to_string()
    })
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn hashes_are_argon2id_salted_and_verify() {
        let a = super::hash("Secret-1").await.unwrap();
        let b = super::hash("Secret-1").await.unwrap();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b, "every hash has its own salt");
        assert!(super::verify("Secret-1", Some(&a)).await);
        assert!(!super::verify("secret-1", Some(&a)).await);
        assert!(!super::verify("Secret-1", None).await);
    }

    /// Hashes run on the hashing threads alone: however many arrive at once, no more than
    /// the machine's cores are worked out together, and all of them are.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_hashes_run_at_once_than_there_are_hashing_threads() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        let permits = super::hashing_threads();
        let (busy, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let works: Vec<_> = (0..permits * 3)
            .map(|n| {
                let (busy, most) = (busy.clone(), most.clone());
                tokio::spawn(super::bounded(move || {
                    let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(40));
                    busy.fetch_sub(1, Ordering::SeqCst);
                    (n, std::thread::current().name().map(str::to_string))
                }))
            })
            .collect();
        let mut done = Vec::new();
        for work in works {
            done.push(work.await.unwrap().unwrap());
        }
        assert_eq!(done.iter().map(|(n, _)| *n).collect::<Vec<_>>(), (0..permits * 3).collect::<Vec<_>>());
        assert!(done.iter().all(|(_, thread)| thread.as_deref() == Some(super::HASHING_THREAD)), "{done:?}");
        assert_eq!(most.load(Ordering::SeqCst), permits, "at most {permits} at once, and that many when more wait");
        assert!((1..=8).contains(&permits));
        // A hash that panics is answered as a failure, and the threads go on hashing.
        assert!(super::bounded(|| -> u8 { panic!("a hash gone wrong") }).await.is_err());
        for _ in 0..permits {
            assert_eq!(super::bounded(|| 7).await.unwrap(), 7);
        }
    }

    #[tokio::test]
    async fn a_hash_made_at_the_deployed_cost_is_checked_at_that_cost() {
        use argon2::password_hash::{PasswordHasher, SaltString};
        let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
        let deployed = argon2::Argon2::default().hash_password(b"Secret-1", &salt).unwrap().to_string();
        assert!(deployed.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{deployed}");
        assert!(super::verify("Secret-1", Some(&deployed)).await);
        assert!(!super::verify("Secret-2", Some(&deployed)).await);
    }

    #[cfg(debug_assertions)]
    #[tokio::test]
    async fn the_tests_build_hashes_at_the_least_cost_and_says_so() {
        let hash = super::hash("Secret-1").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=8,t=1,p=1$"), "{hash}");
        assert!(super::build_warning().is_some());
    }

    #[cfg(not(debug_assertions))]
    #[tokio::test]
    async fn a_release_build_hashes_at_the_deployed_cost() {
        let hash = super::hash("Secret-1").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(super::build_warning().is_none());
    }
}
