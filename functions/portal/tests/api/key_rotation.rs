//! The real `portal` binary across a rotation of its JWT secret: a session signed before the
//! rotation still works after the restart that brings in the new secret, a new sign-in is
//! signed with the new one, and the key files stay readable by their owner only.


use crate::common::{serve as start, sign_in, wait_ready};
use std::os::unix::fs::PermissionsExt;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotated_jwt_secret_signs_out_no_one() {
    let dir = tempfile::tempdir().unwrap();
    let port = testkit::free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let me = |token: String| {
        let (client, base) = (client.clone(), base.clone());
        async move { client.get(format!("{base}/api/auth/me")).bearer_auth(token).send().await.unwrap().status().as_u16() }
    };

    let mut portal = start(dir.path(), port);
    wait_ready(&client, &base).await;
    let before = sign_in(&client, &base).await;
    portal.kill().unwrap();
    portal.wait().unwrap();
    let old_secret = std::fs::read_to_string(dir.path().join("jwt-secret")).unwrap();

    let rotated = std::process::Command::new(env!("CARGO_BIN_EXE_portal")).args(["rotate-jwt-secret", "--data-dir"]).arg(dir.path()).output().unwrap();
    assert!(rotated.status.success(), "{}", String::from_utf8_lossy(&rotated.stderr));
    assert!(String::from_utf8_lossy(&rotated.stdout).contains("A new JWT secret is in place"));
    assert_eq!(std::fs::read_to_string(dir.path().join("jwt-secret.previous")).unwrap(), old_secret);
    assert_ne!(std::fs::read_to_string(dir.path().join("jwt-secret")).unwrap(), old_secret);
    for file in ["jwt-secret", "jwt-secret.previous", "secrets-key"] {
        let mode = std::fs::metadata(dir.path().join(file)).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{file}");
    }

    let mut portal = start(dir.path(), port);
    wait_ready(&client, &base).await;
    assert_eq!(me(before.clone()).await, 200, "a session signed with the previous secret");
    let after = sign_in(&client, &base).await;
    assert_eq!(me(after.clone()).await, 200);
    portal.kill().unwrap();
    portal.wait().unwrap();

    // A second rotation retires the first secret: its sessions end, the newer ones stay.
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_portal")).args(["rotate-jwt-secret", "--data-dir"]).arg(dir.path()).output().unwrap();
    assert!(again.status.success());
    let mut portal = start(dir.path(), port);
    wait_ready(&client, &base).await;
    assert_eq!(me(before).await, 401, "signed with a retired secret");
    assert_eq!(me(after).await, 200);
    portal.kill().unwrap();
    portal.wait().unwrap();
}
