//! The threads that carry the HTTP transport's requests. Each request needs a thread of its
//! own while it waits (its server may hold the answer while it asks the person, and the
//! answer to that must be sent meanwhile), but starting one for every call cost more than all
//! the rest of the call's work: a stack mapped, faulted in and unmapped again, which on a
//! virtual machine also interrupts the other cores to flush their TLBs. So a thread that has
//! finished its request waits a while for the next one, and a new thread starts only when
//! every thread is busy.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

type Job = Box<dyn FnOnce() + Send>;

/// A set of threads that grows to as many jobs as run at once and shrinks when they idle.
pub struct Workers {
    jobs: Sender<Job>,
    shared: Arc<Shared>,
}

struct Shared {
    jobs: Mutex<Receiver<Job>>,
    /// Threads waiting for a job, less the jobs sent to them and not yet taken.
    idle: AtomicUsize,
    /// How long a thread waits for a job before it ends.
    keep: Duration,
}

impl Workers {
    /// No threads yet; each one that starts waits `keep` for its next job.
    pub fn new(keep: Duration) -> Self {
        let (jobs, receiver) = mpsc::channel();
        Workers {
            jobs,
            shared: Arc::new(Shared {
                jobs: Mutex::new(receiver),
                idle: AtomicUsize::new(0),
                keep,
            }),
        }
    }

    /// Runs `job` on a waiting thread, or on a new one when none waits. Once the `Workers`
    /// are dropped, the threads end after the jobs sent before.
    pub fn run(&self, job: impl FnOnce() + Send + 'static) {
        let mut job: Job = Box::new(job);
        if self.shared.take_idle() {
            // One waiting thread is this job's: it cannot end before taking it. (The
            // receiver lives as long as `self`, so the send cannot fail.)
            match self.jobs.send(job) {
                Ok(()) => return,
                Err(mpsc::SendError(back)) => job = back,
            }
        }
        let shared = Arc::clone(&self.shared);
        thread::spawn(move || {
            job();
            shared.serve();
        });
    }
}

impl Shared {
    /// Counts one waiting thread as taken; false when none waits.
    fn take_idle(&self) -> bool {
        self.idle
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1))
            .is_ok()
    }

    /// Runs the jobs that come, until none came for `keep` or the sender is gone.
    fn serve(&self) {
        loop {
            self.idle.fetch_add(1, Ordering::AcqRel);
            loop {
                let next = self
                    .jobs
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .recv_timeout(self.keep);
                match next {
                    Ok(job) => {
                        job();
                        break;
                    }
                    // Ends unless every waiting thread is promised a job (then one is this
                    // thread's, and it is on its way).
                    Err(RecvTimeoutError::Timeout) if self.take_idle() => return,
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Barrier;
    use std::time::Instant;

    fn thread_of(workers: &Workers) -> thread::ThreadId {
        let (tx, rx) = mpsc::channel();
        workers.run(move || tx.send(thread::current().id()).expect("the test waits"));
        rx.recv().expect("the job runs")
    }

    /// Calls one after another run on one thread: starting a thread per call was the largest
    /// part of what `proxy --url` added to a call (docs/speed.md).
    #[test]
    fn jobs_one_after_another_share_a_thread() {
        let workers = Workers::new(Duration::from_secs(10));
        let first = thread_of(&workers);
        for _ in 0..20 {
            // The thread is counted as waiting only once it has finished the job before.
            let deadline = Instant::now() + Duration::from_secs(5);
            while workers.shared.idle.load(Ordering::Acquire) == 0 {
                assert!(Instant::now() < deadline, "the thread never waited again");
                thread::yield_now();
            }
            assert_eq!(thread_of(&workers), first);
        }
    }

    /// A job that waits (a call whose server is asking the person) does not hold up the next.
    #[test]
    fn a_waiting_job_does_not_hold_up_the_next() {
        let workers = Workers::new(Duration::from_secs(10));
        let barrier = Arc::new(Barrier::new(3));
        for _ in 0..2 {
            let barrier = Arc::clone(&barrier);
            workers.run(move || {
                barrier.wait();
            });
        }
        // Both jobs run at once, or this waits for ever.
        barrier.wait();
    }

    /// Threads that had nothing to do for `keep` end; a job after that starts a new one.
    #[test]
    fn idle_threads_end_and_new_ones_start() {
        let workers = Workers::new(Duration::from_millis(20));
        let first = thread_of(&workers);
        let deadline = Instant::now() + Duration::from_secs(5);
        while Arc::strong_count(&workers.shared) > 1 {
            assert!(Instant::now() < deadline, "the idle thread did not end");
            thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(workers.shared.idle.load(Ordering::Acquire), 0);
        assert_ne!(thread_of(&workers), first);
    }
}
