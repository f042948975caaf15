//! What `serve` holds while no form is open: as little as it can (issue 32: at most 4 MiB).
//!
//! Its own heap is small (a few buffers per connection); what made it 8 MiB were pages of the
//! program and its libraries that start-up and the last form touched: the kernel maps a file's
//! pages in runs of 64 KiB and more around each first touch, so a little code read at start-up
//! leaves megabytes of a 12 MiB binary resident in the process. They are copies of the files'
//! pages, kept in the page cache either way (where the next dialog, the same binary, finds them),
//! so `serve` lets go of its mappings of them while it waits, and of the heap that connections
//! freed.

/// Returns what `serve` does not need while it waits: freed heap, and its mappings of
/// file pages it holds no changes to. Both come back on the next touch (the file's pages from
/// the page cache, unchanged).
#[allow(unsafe_code)]
pub fn let_go() {
    // SAFETY: malloc_trim only hands free heap memory back to the system.
    #[cfg(target_env = "gnu")]
    unsafe {
        libc::malloc_trim(0);
    }
    let Ok(smaps) = std::fs::read_to_string("/proc/self/smaps") else {
        return;
    };
    for (start, end) in unchanged_file_mappings(&smaps) {
        // SAFETY: a private, read-only mapping of a file with no page of its own (no copy on
        // write, "Anonymous: 0 kB"): every page in it is the file's, so dropping them only
        // unmaps them, and the next access maps the same bytes from the file again. Nothing
        // in this process writes to a read-only mapping, so none can have a page of its own
        // by the time of the call.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED);
        }
    }
}

/// [`let_go`], says so with one byte on `ready`, then waits until `fd` has something to read
/// (or is closed), touching as little code as it can in between: a dialog waiting ahead of its
/// request, whose code touched after letting go would stay mapped (64 KiB around each page)
/// while it waits.
pub fn let_go_until_readable(fd: std::os::fd::BorrowedFd<'_>, ready: std::os::fd::BorrowedFd<'_>) {
    use rustix::event::{PollFd, PollFlags, poll};
    let_go();
    let _ = rustix::io::write(ready, b"r");
    let mut wait = [PollFd::new(&fd, PollFlags::IN)];
    while let Err(rustix::io::Errno::INTR) = poll(&mut wait, None) {}
}

/// The address ranges of the mappings in `smaps` (the text of `/proc/self/smaps`) that are
/// private, not writable, of a file, and hold no anonymous page: a library's or the program's
/// code and read-only data, but not the relocated data that the dynamic linker wrote and then
/// made read-only ("RELRO", which has anonymous pages).
fn unchanged_file_mappings(smaps: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut current: Option<(usize, usize)> = None;
    for line in smaps.lines() {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or_default();
        if let Some((start, end)) = first.split_once('-')
            && let (Ok(start), Ok(end)) = (
                usize::from_str_radix(start, 16),
                usize::from_str_radix(end, 16),
            )
        {
            let perms = words.next().unwrap_or_default().as_bytes();
            let path = words.nth(3).unwrap_or_default();
            let candidate =
                perms.len() == 4 && perms[1] == b'-' && perms[3] == b'p' && path.starts_with('/');
            current = candidate.then_some((start, end));
        } else if first == "Anonymous:"
            && let Some(range) = current.take()
            && words.next() == Some("0")
        {
            found.push(range);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unchanged_read_only_file_mappings_are_let_go() {
        let smaps = "\
55ead32f9000-55ead364c000 r--p 00000000 fe:00 5931015                    /usr/bin/form-elicitation
Rss:                 996 kB
Anonymous:             0 kB
55ead364c000-55ead3df0000 r-xp 00352000 fe:00 5931015                    /usr/bin/form-elicitation
Rss:                3788 kB
Anonymous:             0 kB
55ead3df0000-55ead3e79000 r--p 00af5000 fe:00 5931015                    /usr/bin/form-elicitation
Rss:                 548 kB
Anonymous:           548 kB
55ead3e79000-55ead3e7d000 rw-p 00b7d000 fe:00 5931015                    /usr/bin/form-elicitation
Anonymous:            16 kB
55eaf5563000-55eaf5584000 rw-p 00000000 00:00 0                          [heap]
Anonymous:            80 kB
7fc17b0f1000-7fc17b0f2000 r--p 00000000 00:00 0 
Anonymous:             0 kB
7fc17b2f1000-7fc17b2f2000 r--s 00000000 fe:00 12                         /dev/shm/x
Anonymous:             0 kB
7fff9cde5000-7fff9cde7000 r-xp 00000000 00:00 0                          [vdso]
Anonymous:             0 kB
7fc17b4f1000-7fc17b4f3000 r-xp 00000000 fe:00 77                         /usr/lib/with space/libx.so
Anonymous:             4 kB
";
        // The code and read-only data of the program, not its relocated data (anonymous
        // pages), not what is writable, anonymous, shared, special, or changed.
        assert_eq!(
            unchanged_file_mappings(smaps),
            [
                (0x55ea_d32f_9000, 0x55ea_d364_c000),
                (0x55ea_d364_c000, 0x55ea_d3df_0000)
            ]
        );
    }

    #[test]
    fn letting_go_keeps_the_process_working() {
        let text = String::from("still here");
        let_go();
        // Code, read-only data and the heap are all used again after the call.
        assert_eq!(format!("{text}, {}", 42), "still here, 42");
    }
}
