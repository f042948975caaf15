mod abortable;
#[cfg(not(target_feature = "atomics"))]
mod atomic_waker;
mod channel;
#[cfg(not(target_feature = "atomics"))]
mod concurrent_queue;
mod dispatcher;
mod notifier;
mod waker;
mod wrapper;

pub use self::abortable::{AbortHandle, Abortable, DropAbortHandle};
pub use self::channel::{channel, Receiver, Sender};
pub use self::dispatcher::{DispatchRunner, Dispatcher};
pub use self::notifier::{Notified, Notifier};
pub use self::waker::{Waker, WakerSpawner};
use self::wrapper::Wrapper;
use atomic_waker::AtomicWaker;
use concurrent_queue::{ConcurrentQueue, PushError};
