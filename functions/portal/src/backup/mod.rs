//! Backups of the embedded portal: everything a portal needs to start again elsewhere, in one
//! archive (tar + gzip) that a restore can prove whole before it writes anything.
//!
//! The data directory holds the database (`portal.db`, in WAL mode, with its `-wal` and `-shm`
//! files), the secrets beside it (`jwt-secret`, and whichever other key files sit at the top
//! level), the attachments (`attachments/`, a tree of immutable blobs) and the exports
//! (`exports/`, files that live an hour: never backed up). An archive holds:
//!
//! - `portal.db`: a consistent snapshot taken with `VACUUM INTO` while the portal keeps
//!   serving (a read transaction: writers go on, and no half-written page is ever copied);
//! - every regular top-level file but the database's own and temporary ones;
//! - `attachments/`, copied after the snapshot, so every attachment the snapshot records has
//!   its file (a blob is written before its record, and never changed after);
//! - `MANIFEST.json`, last: the format, when and by which release it was made, and the size
//!   and SHA-256 of every file.
//!
//! [`create`] writes an archive, [`restore`] puts one into a directory, [`check`] looks a data
//! directory over, and [`schedule`] makes archives from `portal serve` at a fixed interval.

pub mod check;
pub mod create;
pub mod manifest;
pub mod restore;
pub mod schedule;

pub use create::create;
pub use restore::restore;

use std::path::Path;

/// The database's file in the data directory and in an archive.
pub const DATABASE: &str = "portal.db";

/// The attachments' tree in the data directory and in an archive.
pub const ATTACHMENTS: &str = "attachments";

/// Whether a top-level file of the data directory belongs in a backup: not the database's own
/// files (the snapshot stands for them; a copied `-wal` beside a snapshot would even undo it),
/// and nothing temporary (half-written files, editors' leftovers, hidden work files).
pub fn is_backed_up(name: &str) -> bool {
    let database = name == DATABASE || name.starts_with(&format!("{DATABASE}-"));
    let temporary = name.starts_with('.') || name.ends_with('~') || [".partial", ".tmp", ".temp", ".swp"].iter().any(|s| name.ends_with(s));
    !database && !temporary
}

/// Whether a file under `attachments/` is kept: an upload still arriving is written to a
/// `.partial` file of its own and linked into place once whole, so only whole blobs are taken.
pub fn is_whole_attachment(name: &str) -> bool {
    !name.ends_with(".partial")
}

/// Makes the entries of `dir` (a creation, a rename, a removal) durable: on Linux a file's
/// own fsync does not cover its name in the directory.
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// The directory `path` sits in ("." for a bare file name), where its temporary neighbours go
/// so that the final rename stays on one file system.
pub fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A size as people read it: "512 bytes", "3.4 MiB".
pub fn size_text(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// A count with its noun: "1 file", "3 files".
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_files_and_temporary_files_stay_out() {
        for name in ["jwt-secret", "secrets-key", "jwt-secret.previous"] {
            assert!(is_backed_up(name), "{name}");
        }
        for name in ["portal.db", "portal.db-wal", "portal.db-shm", "portal.db-journal", ".portal-backup-x", "key.partial", "a.tmp", "notes~", ".x.swp"] {
            assert!(!is_backed_up(name), "{name}");
        }
    }

    #[test]
    fn uploads_still_arriving_stay_out() {
        assert!(is_whole_attachment("grievance-7.abc.0123456789ab.pdf"));
        assert!(is_whole_attachment("pending.7.abc"));
        assert!(!is_whole_attachment("pending.7.abc.123-4.partial"));
    }

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_text(0), "0 bytes");
        assert_eq!(size_text(1023), "1023 bytes");
        assert_eq!(size_text(1536), "1.5 KiB");
        assert_eq!(size_text(5 * 1024 * 1024), "5.0 MiB");
        assert_eq!(counted(1, "file", "files"), "1 file");
        assert_eq!(counted(2, "file", "files"), "2 files");
    }

    #[test]
    fn a_bare_file_name_sits_in_the_current_directory() {
        assert_eq!(parent_of(Path::new("x.tar.gz")), Path::new("."));
        assert_eq!(parent_of(Path::new("/a/x.tar.gz")), Path::new("/a"));
    }
}
