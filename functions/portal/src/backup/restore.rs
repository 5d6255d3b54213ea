//! `portal restore`: puts an archive into a data directory, but only an archive proven whole.
//!
//! Everything is unpacked first into a folder of its own beside the target and checked there:
//! the gzip stream to its checksum, every path, every file against the manifest's size and
//! SHA-256, and the database's integrity. Only then does anything move into the target, so a
//! damaged or foreign archive leaves the target as it was.

use super::check::database_only;
use super::manifest::{self, Manifest, Measured, Measuring};
use super::{counted, parent_of, size_text, sync_dir, ATTACHMENTS, DATABASE};
use anyhow::{bail, ensure, Context};
use flate2::read::GzDecoder;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufReader};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// What a restore put in place, said in plain words by its `Display`.
#[derive(Debug)]
pub struct Restored {
    pub from: PathBuf,
    pub into: PathBuf,
    pub manifest: Manifest,
    pub attachments: u64,
    pub replaced: bool,
}

impl std::fmt::Display for Restored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let m = &self.manifest;
        let verb = if self.replaced { "Replaced the contents of" } else { "Restored into" };
        writeln!(f, "{verb} {} from {} (made {} by portal {}).", self.into.display(), self.from.display(), m.created_at, m.portal_version)?;
        let grievances = m.grievances.map(|n| format!(" with {}", counted(n as u64, "grievance", "grievances"))).unwrap_or_default();
        writeln!(f, "  the database{grievances}, which passed its integrity check")?;
        writeln!(f, "  {}", counted(self.attachments, "attachment file", "attachment files"))?;
        let bytes: u64 = m.files.iter().map(|f| f.size).sum();
        writeln!(f, "  {} and {}, each matching its SHA-256 in the manifest.", counted(m.files.len() as u64, "file", "files"), size_text(bytes))?;
        write!(f, "Start it with: portal serve --data-dir {}", self.into.display())
    }
}

/// Restores the archive `from` into the directory `into`. A directory that holds anything is
/// refused unless `force`, which replaces its whole contents (the portal serving it must be
/// stopped first).
pub fn restore(from: &Path, into: &Path, force: bool) -> anyhow::Result<Restored> {
    let replacing = holds_anything(into)?;
    if replacing && !force {
        bail!(
            "{} is not empty. Restoring into it would mix two portals' data: restore into a new or empty directory, \
             or add --force to replace everything in it (stop the portal serving it first)",
            into.display()
        );
    }
    let folder = parent_of(into);
    fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let name = into.file_name().context("name the directory to restore into")?.to_string_lossy();
    // Beside the target, on its file system, so that moving in is a rename; removed with
    // everything in it if anything fails.
    let staging = tempfile::Builder::new().prefix(&format!(".{name}.restoring-")).tempdir_in(folder).with_context(|| format!("cannot write in {}", folder.display()))?;
    let manifest = unpack(from, staging.path()).with_context(|| format!("{} cannot be restored: the archive is damaged or is not a portal backup", from.display()))?;
    let attachments = manifest.files.iter().filter(|f| f.path.starts_with(&format!("{ATTACHMENTS}/"))).count() as u64;
    move_into_place(staging, into)?;
    Ok(Restored { from: from.to_path_buf(), into: into.to_path_buf(), manifest, attachments, replaced: replacing })
}

/// Whether `dir` exists and holds at least one entry (a file in its place is refused).
fn holds_anything(dir: &Path) -> anyhow::Result<bool> {
    match fs::read_dir(dir) {
        Ok(mut entries) => Ok(entries.next().is_some()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e).with_context(|| format!("cannot read {} (it must be a directory)", dir.display())),
    }
}

/// Unpacks the archive into `staging` and proves it whole there; answers its manifest.
fn unpack(from: &Path, staging: &Path) -> anyhow::Result<Manifest> {
    let file = File::open(from).with_context(|| format!("cannot open {}", from.display()))?;
    let mut found = extract(file, staging)?;
    let manifest_path = staging.join(manifest::NAME);
    ensure!(found.remove(manifest::NAME).is_some(), "it holds no {}", manifest::NAME);
    let manifest = Manifest::parse(&fs::read(&manifest_path)?)?;
    fs::remove_file(&manifest_path)?;
    manifest.verify(&found)?;
    ensure!(found.contains_key(DATABASE), "it holds no {DATABASE}");
    let report = database_only(&staging.join(DATABASE));
    if let Some(problem) = report.problems().next() {
        bail!("its database failed the check: {problem}");
    }
    // The check's connection leaves nothing behind; should SQLite have made its WAL files,
    // they belong to this unpacking and not to the portal that will open the database.
    for side in ["-wal", "-shm"] {
        let _ = fs::remove_file(staging.join(format!("{DATABASE}{side}")));
    }
    sync_dir(staging)?;
    Ok(manifest)
}

/// Writes every entry of the gzip'd tar `archive` under `into` (files 0600, folders 0700,
/// each file synced) and answers each file's size and SHA-256. Anything but plain files and
/// folders, any path leaving `into`, and any name twice are refused; the gzip stream is read
/// to its end, where its own checksum is checked.
fn extract(archive: File, into: &Path) -> anyhow::Result<BTreeMap<String, Measured>> {
    let mut tar = tar::Archive::new(GzDecoder::new(BufReader::with_capacity(1 << 20, archive)));
    let mut found = BTreeMap::new();
    let mut folders = Vec::new();
    for entry in tar.entries()? {
        let mut entry = entry.map_err(|e| unreadable(e, found.len() + folders.len()))?;
        let path = manifest::safe_path(&entry.path_bytes())?;
        let target = into.join(&path);
        let modified = SystemTime::UNIX_EPOCH + Duration::from_secs(entry.header().mtime().unwrap_or(0));
        match entry.header().entry_type() {
            tar::EntryType::Directory => {
                make_folders(&target)?;
                folders.push(target);
            }
            tar::EntryType::Regular => {
                make_folders(parent_of(&target))?;
                let file = fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&target);
                let file = file.map_err(|e| if e.kind() == io::ErrorKind::AlreadyExists { anyhow::anyhow!("{path} appears twice") } else { e.into() })?;
                let mut writer = Measuring::new(file);
                io::copy(&mut entry, &mut writer).map_err(|e| unreadable(e, found.len() + folders.len()))?;
                let (file, measured) = writer.finish();
                // Ages matter: pending uploads and a rotated secret are removed by theirs.
                file.set_modified(modified)?;
                file.sync_all()?;
                found.insert(path, measured);
            }
            other => bail!("{path} is a {other:?} entry, where a portal backup holds only files and folders"),
        }
    }
    let mut rest = tar.into_inner();
    io::copy(&mut rest, &mut io::sink()).map_err(|e| unreadable(e, found.len() + folders.len()))?;
    for folder in folders {
        sync_dir(&folder)?;
    }
    Ok(found)
}

/// A reading error said plainly. The gzip and tar decoders' messages may quote the damaged
/// bytes themselves, which are no help on a terminal: those are said as "unreadable data".
fn unreadable(e: io::Error, after: usize) -> anyhow::Error {
    let said = e.to_string();
    let plain = said.len() <= 80 && said.chars().all(|c| c.is_ascii_graphic() || c == ' ');
    let cause = if plain { said } else { "unreadable data".to_string() };
    anyhow::anyhow!("its contents cannot be read after {}: {cause}", counted(after as u64, "entry", "entries"))
}

/// Makes `dir` and the folders above it that are missing, each readable by its owner alone.
fn make_folders(dir: &Path) -> io::Result<()> {
    fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

/// Moves the checked contents of `staging` into `into`. A missing `into` is the renamed
/// staging folder itself. An existing one keeps its own inode (ownership, mount): what it
/// held moves aside first, then the new entries move in, and what was aside is deleted last;
/// should a move fail, the old contents are put back.
fn move_into_place(staging: tempfile::TempDir, into: &Path) -> anyhow::Result<()> {
    let folder = parent_of(into);
    if !into.exists() {
        fs::rename(staging.path(), into).with_context(|| format!("cannot move the restored files to {}", into.display()))?;
        let _ = staging.keep();
    } else {
        let name = into.file_name().unwrap_or_default().to_string_lossy();
        let aside = tempfile::Builder::new().prefix(&format!(".{name}.replaced-")).tempdir_in(folder)?;
        move_entries(into, aside.path()).with_context(|| format!("cannot move the old contents of {} aside", into.display()))?;
        if let Err(e) = move_entries(staging.path(), into) {
            let put_back = move_entries(into, staging.path()).and_then(|_| move_entries(aside.path(), into));
            if let Err(back) = put_back {
                let kept = aside.keep();
                bail!("cannot move the restored files into {} ({e}), nor the old ones back ({back}): they are in {}", into.display(), kept.display());
            }
            return Err(e).with_context(|| format!("cannot move the restored files into {}; its old contents are back", into.display()));
        }
    }
    fs::set_permissions(into, fs::Permissions::from_mode(0o700))?;
    sync_dir(into)?;
    sync_dir(folder)?;
    Ok(())
}

/// Renames every entry of `from` into `to`.
fn move_entries(from: &Path, to: &Path) -> io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        fs::rename(entry.path(), to.join(entry.file_name()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::write::GzEncoder;

    /// A gzip'd tar of one entry whose raw name is `name`, written around the tar crate's own
    /// checks, as a hostile archive would be.
    fn archive_with(name: &[u8], kind: tar::EntryType) -> Vec<u8> {
        let mut header = tar::Header::new_gnu();
        header.as_old_mut().name[..name.len()].copy_from_slice(name);
        header.set_entry_type(kind);
        header.set_size(if kind == tar::EntryType::Regular { 4 } else { 0 });
        header.set_mode(0o600);
        header.set_cksum();
        let mut tar = tar::Builder::new(GzEncoder::new(Vec::new(), flate2::Compression::fast()));
        tar.append(&header, if kind == tar::EntryType::Regular { &b"evil"[..] } else { &b""[..] }).unwrap();
        tar.into_inner().unwrap().finish().unwrap()
    }

    fn restore_bytes(bytes: &[u8]) -> (tempfile::TempDir, anyhow::Result<Restored>) {
        let dir = tempfile::tempdir().unwrap();
        let from = dir.path().join("x.tar.gz");
        fs::write(&from, bytes).unwrap();
        let result = restore(&from, &dir.path().join("target/data"), false);
        (dir, result)
    }

    #[test]
    fn a_backup_comes_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        fs::create_dir_all(data.join("attachments/deeper")).unwrap();
        let conn = rusqlite::Connection::open(data.join(DATABASE)).unwrap();
        conn.execute_batch("PRAGMA journal_mode=WAL; CREATE TABLE grievances (id INTEGER PRIMARY KEY); INSERT INTO grievances VALUES (1), (2);").unwrap();
        fs::write(data.join("jwt-secret"), hex::encode([1u8; 64])).unwrap();
        fs::write(data.join("attachments/grievance-1.a.pdf"), b"%PDF").unwrap();
        fs::write(data.join("attachments/deeper/b"), b"b").unwrap();
        fs::write(data.join("attachments/pending.1.c.9-1.partial"), b"half").unwrap();
        let archive = dir.path().join("backups/one.tar.gz");
        let created = super::super::create(&data, &archive).unwrap();
        assert_eq!((created.grievances, created.attachments, created.files), (Some(2), 2, 4));
        drop(conn);

        let restored = restore(&archive, &dir.path().join("again"), false).unwrap();
        assert_eq!(restored.manifest.grievances, Some(2));
        let again = dir.path().join("again");
        assert_eq!(fs::read(again.join("attachments/deeper/b")).unwrap(), b"b");
        assert_eq!(fs::read(again.join("jwt-secret")).unwrap(), fs::read(data.join("jwt-secret")).unwrap());
        assert!(!again.join("attachments/pending.1.c.9-1.partial").exists(), "a half-written upload is not backed up");
        assert!(!again.join(manifest::NAME).exists());
        assert_eq!(fs::metadata(again.join("jwt-secret")).unwrap().permissions().mode() & 0o777, 0o600);
        let count: i64 = rusqlite::Connection::open(again.join(DATABASE)).unwrap().query_row("SELECT count(*) FROM grievances", [], |r| r.get(0)).unwrap();
        assert_eq!(count, 2);
        let beside: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert!(beside.iter().all(|n| !n.starts_with('.')), "no work folder is left behind: {beside:?}");
        let backups: Vec<_> = fs::read_dir(dir.path().join("backups")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(backups, ["one.tar.gz"]);
    }

    #[test]
    fn no_entry_is_written_outside_the_target() {
        for name in [&b"../escaped"[..], b"/tmp/escaped", b"attachments/../../escaped"] {
            let (dir, result) = restore_bytes(&archive_with(name, tar::EntryType::Regular));
            let error = format!("{:#}", result.unwrap_err());
            assert!(error.contains("leaves the directory") || error.contains("absolute"), "{error}");
            assert!(!dir.path().join("escaped").exists() && !dir.path().join("target/escaped").exists());
            assert!(!dir.path().join("target/data").exists(), "nothing was put in place");
        }
    }

    #[test]
    fn links_are_refused() {
        let (_dir, result) = restore_bytes(&archive_with(b"jwt-secret", tar::EntryType::Symlink));
        assert!(format!("{:#}", result.unwrap_err()).contains("only files and folders"));
    }

    #[test]
    fn an_archive_without_a_manifest_is_not_a_backup() {
        let (dir, result) = restore_bytes(&archive_with(b"portal.db", tar::EntryType::Regular));
        let error = format!("{:#}", result.unwrap_err());
        assert!(error.contains("not a portal backup") && error.contains("no MANIFEST.json"), "{error}");
        let left: Vec<_> = fs::read_dir(dir.path().join("target")).unwrap().collect();
        assert!(left.is_empty(), "the unpacked files went with the failure: {left:?}");
    }

    #[test]
    fn a_directory_that_holds_anything_is_refused_without_force() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("portal.db"), b"theirs").unwrap();
        let error = restore(Path::new("/nonexistent.tar.gz"), dir.path(), false).unwrap_err().to_string();
        assert!(error.contains("is not empty") && error.contains("--force"), "{error}");
        assert_eq!(fs::read(dir.path().join("portal.db")).unwrap(), b"theirs");
    }

    #[test]
    fn entries_move_in_and_the_old_ones_go() {
        let dir = tempfile::tempdir().unwrap();
        let into = dir.path().join("data");
        fs::create_dir(&into).unwrap();
        fs::write(into.join("portal.db-wal"), b"stale").unwrap();
        let staging = tempfile::tempdir_in(dir.path()).unwrap();
        fs::write(staging.path().join("portal.db"), b"new").unwrap();
        move_into_place(staging, &into).unwrap();
        let names: Vec<_> = fs::read_dir(&into).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["portal.db"]);
        assert_eq!(fs::metadata(&into).unwrap().permissions().mode() & 0o777, 0o700);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "nothing is left beside it");
    }
}
