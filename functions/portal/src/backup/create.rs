//! `portal backup`: one archive of a data directory, taken while the portal keeps serving.

use super::manifest::{self, FileEntry, Manifest, Measuring};
use super::{counted, is_backed_up, is_whole_attachment, parent_of, size_text, sync_dir, ATTACHMENTS, DATABASE};
use anyhow::{ensure, Context};
use flate2::write::GzEncoder;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a backup wrote, said in plain words by its `Display`.
#[derive(Debug)]
pub struct Created {
    pub data_dir: PathBuf,
    pub file: PathBuf,
    /// The archive's own size.
    pub archive_bytes: u64,
    /// Files in the archive (the manifest aside) and their bytes before compression.
    pub files: u64,
    pub bytes: u64,
    pub attachments: u64,
    /// The top-level files beside the database (the secrets).
    pub others: Vec<String>,
    pub grievances: Option<i64>,
    /// What was found but left out, and why.
    pub left_out: Vec<String>,
    pub took: Duration,
}

impl std::fmt::Display for Created {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Backed up {} to {} ({}).", self.data_dir.display(), self.file.display(), size_text(self.archive_bytes))?;
        let grievances = self.grievances.map(|n| format!(" with {}", counted(n as u64, "grievance", "grievances"))).unwrap_or_default();
        writeln!(f, "  the database{grievances}")?;
        writeln!(f, "  {}", counted(self.attachments, "attachment file", "attachment files"))?;
        if !self.others.is_empty() {
            writeln!(f, "  {}: {}", counted(self.others.len() as u64, "other file", "other files"), self.others.join(", "))?;
        }
        writeln!(f, "  {} and {} before compression, in {:.1} s.", counted(self.files, "file", "files"), size_text(self.bytes), self.took.as_secs_f64())?;
        for item in &self.left_out {
            writeln!(f, "  Left out: {item}")?;
        }
        Ok(())
    }
}

/// Backs `data_dir` up into the archive `to`: the database snapshot first, then the other
/// top-level files and the attachments. The archive is written to `to.partial` (mode 0600: it
/// holds the secrets) and renamed into place once durable, so `to` is either the whole
/// archive or absent, never half of one.
pub fn create(data_dir: &Path, to: &Path) -> anyhow::Result<Created> {
    let started = Instant::now();
    let database = data_dir.join(DATABASE);
    ensure!(database.is_file(), "{} holds no {DATABASE}: is it the portal's data directory?", data_dir.display());
    let folder = parent_of(to);
    fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    // The snapshot waits beside the archive (mode 0700: it holds password hashes), on the
    // disk that has room for the archive, and is deleted with `work` whatever happens.
    let work = tempfile::Builder::new().prefix(".portal-backup-").tempdir_in(folder).with_context(|| format!("cannot write in {}", folder.display()))?;
    let snapshot = work.path().join(DATABASE);
    snapshot_database(&database, &snapshot)?;
    let grievances = count_grievances(&snapshot);

    let partial = with_suffix(to, ".partial");
    let written = write_archive(data_dir, &snapshot, &partial, to, grievances).and_then(|(file, created)| {
        file.sync_all().context("cannot write the archive to disk")?;
        Ok(created)
    });
    let mut created = written.inspect_err(|_| {
        let _ = fs::remove_file(&partial);
    })?;
    fs::rename(&partial, to).with_context(|| format!("cannot rename {} to {}", partial.display(), to.display()))?;
    sync_dir(folder)?;
    created.archive_bytes = fs::metadata(to)?.len();
    created.took = started.elapsed();
    Ok(created)
}

/// Copies the database as of one instant into `into`, with `VACUUM INTO`: a read transaction
/// on its own connection, so the portal's writer goes on meanwhile (WAL), and the copy is
/// compact and whole whatever the writer was doing. The connection may write (SQLite wants
/// the `-shm` file of a WAL database) but never creates a database that is not there.
fn snapshot_database(database: &Path, into: &Path) -> anyhow::Result<()> {
    use rusqlite::OpenFlags;
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = rusqlite::Connection::open_with_flags(database, flags).with_context(|| format!("cannot open {}", database.display()))?;
    conn.busy_timeout(Duration::from_secs(30))?;
    let target = into.to_str().context("the backup's folder must have a UTF-8 name")?;
    conn.execute("VACUUM INTO ?1", [target]).context("cannot take a snapshot of the database")?;
    Ok(())
}

/// The grievances in a snapshot, for the summary (absent for a store older than the table).
pub(crate) fn count_grievances(database: &Path) -> Option<i64> {
    let conn = rusqlite::Connection::open_with_flags(database, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    conn.query_row("SELECT count(*) FROM grievances", [], |row| row.get(0)).ok()
}

/// `path` with `suffix` added to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// Writes the whole archive to `partial` and answers its file (not yet synced) and what it
/// holds. `final_path` is where the archive will be: an earlier one there is not archived.
fn write_archive(data_dir: &Path, snapshot: &Path, partial: &Path, final_path: &Path, grievances: Option<i64>) -> anyhow::Result<(File, Created)> {
    let _ = fs::remove_file(partial);
    let file = fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(partial).with_context(|| format!("cannot create {}", partial.display()))?;
    let mut archive = Archive::new(file);
    let mut created = Created {
        data_dir: data_dir.to_path_buf(),
        file: final_path.to_path_buf(),
        archive_bytes: 0,
        files: 0,
        bytes: 0,
        attachments: 0,
        others: Vec::new(),
        grievances,
        left_out: Vec::new(),
        took: Duration::ZERO,
    };
    archive.add_file(snapshot, DATABASE)?;
    for entry in sorted_entries(data_dir)? {
        let kind = entry.file_type()?;
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            created.left_out.push(format!("{} (its name is not UTF-8)", entry.path().display()));
            continue;
        };
        if kind.is_dir() {
            match name.as_str() {
                ATTACHMENTS => {}
                "exports" => created.left_out.push("exports/ (export files live an hour and are made again on demand)".into()),
                "checkpoints" => created.left_out.push("checkpoints/ (the audit trail's checkpoints are kept apart from its backups: a backup put back must be checked against them)".into()),
                other if is_backed_up(other) => created.left_out.push(format!("{other}/ (a folder the portal does not keep)")),
                _ => {}
            }
        } else if kind.is_file() {
            // An earlier archive of the same name, should the backups be kept in here.
            if is_backed_up(&name) && !same_file(&entry.path(), final_path) && archive.add_file(&entry.path(), &name)? {
                created.others.push(name);
            }
        } else {
            created.left_out.push(format!("{} (not a regular file)", entry.path().display()));
        }
    }
    // After the snapshot: every attachment it records was in place before it was taken.
    let attachments = data_dir.join(ATTACHMENTS);
    if attachments.is_dir() {
        archive.add_dir(&attachments, ATTACHMENTS)?;
        created.attachments = archive.add_tree(&attachments, ATTACHMENTS, &mut created.left_out)?;
    }
    let files = archive.files.clone();
    created.files = files.len() as u64;
    created.bytes = files.iter().map(|f| f.size).sum();
    let file = archive.finish(Manifest::new(files, grievances))?;
    Ok((file, created))
}

/// Whether two paths name one file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// The entries of `dir`, by name, so that archives list their files in a stable order.
fn sorted_entries(dir: &Path) -> anyhow::Result<Vec<fs::DirEntry>> {
    let mut entries = fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?.collect::<io::Result<Vec<_>>>()?;
    entries.sort_by_key(|e| e.file_name());
    Ok(entries)
}

/// The archive being written: tar over gzip over the file, and the manifest's lines so far.
struct Archive {
    tar: tar::Builder<GzEncoder<BufWriter<File>>>,
    files: Vec<FileEntry>,
}

impl Archive {
    fn new(file: File) -> Archive {
        let gzip = GzEncoder::new(BufWriter::with_capacity(1 << 20, file), flate2::Compression::default());
        let mut tar = tar::Builder::new(gzip);
        tar.mode(tar::HeaderMode::Deterministic);
        Archive { tar, files: Vec::new() }
    }

    /// Adds the file at `source` as `path`, hashing it on the way. A file deleted meanwhile (an
    /// upload swept away) is skipped: `false`. The bytes are read through the open file, whose
    /// size is the one written in the header, so a file cannot change size under the archive.
    fn add_file(&mut self, source: &Path, path: &str) -> anyhow::Result<bool> {
        let file = match File::open(source) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", source.display())),
        };
        let metadata = file.metadata()?;
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Regular);
        header.set_size(metadata.len());
        header.set_mode(0o600);
        header.set_mtime(metadata.mtime().max(0) as u64);
        let mut reader = Measuring::new(file.take(metadata.len()));
        self.tar.append_data(&mut header, path, &mut reader).with_context(|| format!("cannot archive {}", source.display()))?;
        let (_, measured) = reader.finish();
        ensure!(measured.size == metadata.len(), "{} shrank while it was being archived", source.display());
        self.files.push(FileEntry { path: path.to_string(), size: measured.size, sha256: measured.sha256 });
        Ok(true)
    }

    fn add_dir(&mut self, source: &Path, path: &str) -> anyhow::Result<()> {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Directory);
        header.set_size(0);
        header.set_mode(0o700);
        header.set_mtime(fs::metadata(source).map_or(0, |m| m.mtime().max(0) as u64));
        self.tar.append_data(&mut header, format!("{path}/"), io::empty())?;
        Ok(())
    }

    /// Adds the tree under `dir` as `path/...`, whole: every directory and every whole file
    /// (symbolic links and the like are noted in `left_out`). Answers the files added.
    fn add_tree(&mut self, dir: &Path, path: &str, left_out: &mut Vec<String>) -> anyhow::Result<u64> {
        let mut added = 0;
        for entry in sorted_entries(dir)? {
            let kind = entry.file_type()?;
            let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                left_out.push(format!("{} (its name is not UTF-8)", entry.path().display()));
                continue;
            };
            let inner = format!("{path}/{name}");
            if kind.is_dir() {
                self.add_dir(&entry.path(), &inner)?;
                added += self.add_tree(&entry.path(), &inner, left_out)?;
            } else if kind.is_file() {
                if is_whole_attachment(&name) && self.add_file(&entry.path(), &inner)? {
                    added += 1;
                }
            } else {
                left_out.push(format!("{} (not a regular file)", entry.path().display()));
            }
        }
        Ok(added)
    }

    /// Writes the manifest last (it lists what came before it), ends the tar and the gzip
    /// stream, and answers the file, flushed but not yet synced.
    fn finish(mut self, manifest: Manifest) -> anyhow::Result<File> {
        let text = serde_json::to_vec_pretty(&manifest)?;
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Regular);
        header.set_size(text.len() as u64);
        header.set_mode(0o600);
        header.set_mtime(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()));
        self.tar.append_data(&mut header, manifest::NAME, text.as_slice())?;
        let gzip = self.tar.into_inner()?;
        let mut buffered = gzip.finish()?;
        buffered.flush()?;
        Ok(buffered.into_inner().map_err(|e| e.into_error())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_files_are_named_beside_the_archive() {
        assert_eq!(with_suffix(Path::new("/b/x.tar.gz"), ".partial"), PathBuf::from("/b/x.tar.gz.partial"));
        assert_eq!(with_suffix(Path::new("x.tar.gz"), ".partial"), PathBuf::from("x.tar.gz.partial"));
    }

    #[test]
    fn a_directory_without_a_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let error = create(dir.path(), &dir.path().join("b.tar.gz")).unwrap_err();
        assert!(error.to_string().contains("holds no portal.db"), "{error}");
        assert!(!dir.path().join("b.tar.gz").exists());
    }
}
