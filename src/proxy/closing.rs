//! Closing one request's stream from another thread: the 2026-07-28 era's cancel.
//!
//! In that era a client cancels a request over Streamable HTTP by closing the request's
//! response stream; there are no client notifications on that wire. The request's thread is
//! blocked reading the stream, and ureq gives no handle to close one request's connection
//! (`Agent::shutdown` closes them all, for good). So the agent's connector, [`Closable`],
//! keeps a handle to each connection's socket, and the connection hands it to the [`Call`]
//! of whichever request sends on it (a pooled connection serves many requests in turn; a
//! request sends on its own thread, named by a thread-local). [`Call::cancel`] then shuts the
//! socket down, which ends the blocked read at once and tells the server the stream closed.

use std::cell::RefCell;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use ureq::unversioned::transport::{
    Buffers, ConnectionDetails, Connector, DefaultConnector, NextTimeout, ShutdownHandle, Transport,
};

thread_local! {
    /// The request this thread is sending, if any.
    static SENDING: RefCell<Option<Arc<Call>>> = const { RefCell::new(None) };
}

/// One request in flight: the socket it was last sent on, and whether it was cancelled.
#[derive(Default)]
pub struct Call {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    cancelled: bool,
    done: bool,
    socket: Option<Weak<dyn ShutdownHandle>>,
}

impl Call {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `send` with this call as the thread's request: every connection it sends on
    /// becomes the call's. Returns whether the call was cancelled, with `send`'s result.
    /// Once `send` returns the call holds no socket, so a late cancel touches no connection
    /// that went back to the pool.
    pub fn run<T>(self: &Arc<Self>, send: impl FnOnce() -> T) -> (bool, T) {
        let before = SENDING.with(|sending| sending.replace(Some(Arc::clone(self))));
        let result = send();
        SENDING.with(|sending| sending.replace(before));
        let mut state = self.state();
        state.done = true;
        state.socket = None;
        (state.cancelled, result)
    }

    /// Closes the call's connection (now, or as soon as it sends on one), unless the call is
    /// over already.
    pub fn cancel(&self) {
        let mut state = self.state();
        if state.done {
            return;
        }
        state.cancelled = true;
        if let Some(socket) = state.socket.as_ref().and_then(Weak::upgrade) {
            socket.shutdown();
        }
    }

    fn sends_on(&self, socket: &Weak<dyn ShutdownHandle>) {
        let mut state = self.state();
        if state.done {
            return;
        }
        if state.cancelled
            && let Some(socket) = socket.upgrade()
        {
            socket.shutdown();
        }
        state.socket = Some(Weak::clone(socket));
    }
}

/// ureq's own connector, with each new connection's socket kept by the connection.
#[derive(Debug, Default)]
pub struct Closable(DefaultConnector);

impl Connector<()> for Closable {
    type Out = Box<dyn Transport>;

    fn connect(
        &self,
        details: &ConnectionDetails,
        chained: Option<()>,
    ) -> Result<Option<Self::Out>, ureq::Error> {
        // The socket's handle passes through `register_shutdown` (for `Agent::shutdown`)
        // straight after the socket is made: it is kept on the way.
        let kept: Arc<Mutex<Option<Weak<dyn ShutdownHandle>>>> = Arc::default();
        let register = Arc::clone(&details.register_shutdown);
        let keep = Arc::clone(&kept);
        let ours = ConnectionDetails {
            uri: details.uri,
            addrs: details.addrs.clone(),
            config: details.config,
            request_level: details.request_level,
            resolver: details.resolver,
            now: details.now,
            timeout: details.timeout,
            current_time: Arc::clone(&details.current_time),
            run_connector: Arc::clone(&details.run_connector),
            register_shutdown: Arc::new(move |socket: Weak<dyn ShutdownHandle>| {
                *keep.lock().unwrap_or_else(PoisonError::into_inner) = Some(Weak::clone(&socket));
                register(socket)
            }),
        };
        let Some(transport) = self.0.connect(&ours, chained)? else {
            return Ok(None);
        };
        let socket = kept.lock().unwrap_or_else(PoisonError::into_inner).take();
        Ok(Some(match socket {
            Some(socket) => Box::new(Kept { transport, socket }),
            None => transport,
        }))
    }
}

/// A connection that tells the request sending on it which socket it is.
struct Kept {
    transport: Box<dyn Transport>,
    socket: Weak<dyn ShutdownHandle>,
}

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.transport.fmt(f)
    }
}

impl Transport for Kept {
    fn buffers(&mut self) -> &mut dyn Buffers {
        self.transport.buffers()
    }

    fn transmit_output(&mut self, amount: usize, timeout: NextTimeout) -> Result<(), ureq::Error> {
        SENDING.with(|sending| {
            if let Some(call) = sending.borrow().as_ref() {
                call.sends_on(&self.socket);
            }
        });
        self.transport.transmit_output(amount, timeout)
    }

    fn maybe_await_input(&mut self, timeout: NextTimeout) -> Result<bool, ureq::Error> {
        self.transport.maybe_await_input(timeout)
    }

    fn await_input(&mut self, timeout: NextTimeout) -> Result<bool, ureq::Error> {
        self.transport.await_input(timeout)
    }

    fn is_open(&mut self) -> bool {
        self.transport.is_open()
    }

    fn is_tls(&self) -> bool {
        self.transport.is_tls()
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;
    use std::net::{TcpListener, TcpStream};

    use super::*;

    /// A connected pair: the socket a call may shut down (as ureq keeps it) and the server's
    /// end, which reads 0 bytes once the other side is shut down.
    fn pair() -> (Arc<TcpStream>, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let client =
            TcpStream::connect(listener.local_addr().expect("its address")).expect("connects");
        let (server, _) = listener.accept().expect("accepts");
        server
            .set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .expect("a read timeout");
        (Arc::new(client), server)
    }

    fn weak(socket: &Arc<TcpStream>) -> Weak<dyn ShutdownHandle> {
        Arc::downgrade(socket) as Weak<dyn ShutdownHandle>
    }

    fn closed(mut server: TcpStream) -> bool {
        matches!(server.read(&mut [0; 1]), Ok(0))
    }

    #[test]
    fn a_cancel_shuts_the_socket_the_call_sent_on() {
        let (socket, server) = pair();
        let call = Arc::new(Call::default());
        let waiting = Arc::clone(&call);
        let (cancelled, ()) = call.run(|| {
            waiting.sends_on(&weak(&socket));
            waiting.cancel();
        });
        assert!(cancelled);
        assert!(closed(server), "the server still sees the connection open");
    }

    /// A cancel that comes before the request has sent (a new connection being opened, a
    /// sign-in) closes the connection the moment the request sends on it.
    #[test]
    fn a_cancel_before_the_call_sends_closes_the_socket_it_then_sends_on() {
        let (socket, server) = pair();
        let call = Arc::new(Call::default());
        call.cancel();
        let sending = Arc::clone(&call);
        let (cancelled, ()) = call.run(|| sending.sends_on(&weak(&socket)));
        assert!(cancelled);
        assert!(closed(server), "the server still sees the connection open");
    }

    /// Once a call is over its connection may serve another request from the pool: a late
    /// cancel leaves it alone.
    #[test]
    fn a_cancel_after_the_call_is_over_leaves_its_connection_alone() {
        let (socket, mut server) = pair();
        let call = Arc::new(Call::default());
        let sending = Arc::clone(&call);
        let (cancelled, ()) = call.run(|| sending.sends_on(&weak(&socket)));
        assert!(!cancelled);
        call.cancel();
        server
            .set_read_timeout(Some(std::time::Duration::from_millis(200)))
            .expect("a read timeout");
        let read = server.read(&mut [0; 1]);
        assert!(
            read.as_ref().is_err_and(|e| matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            )),
            "the pooled connection was closed: {read:?}"
        );
    }
}
