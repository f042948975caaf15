//! The tests' one temporary folder type: a fresh folder of the test's own under the system's
//! temporary folder, removed (with what it holds) on drop, also when the test fails.

use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// A fresh folder, mode 0755 (another user the test runs a program as can reach what it
/// holds), removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A folder named after `name`, this process and a counter, so that no two tests (nor two
    /// runs of the tests) share one.
    pub fn new(name: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "fe-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("a folder {}: {e}", dir.display()));
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755))
            .unwrap_or_else(|e| panic!("chmod 755 {}: {e}", dir.display()));
        TempDir(dir)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
