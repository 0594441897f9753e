//! The page's one WebSocket to the room server: opened, reopened after a
//! drop with a growing pause (and at once when the browser comes back
//! online or the page becomes visible again), and each text message
//! handed on. Which room to join again is the caller's: `on_open` runs on
//! every (re)connection.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{MessageEvent, WebSocket};

/// The longest pause between two attempts (ms).
const MAX_PAUSE: u32 = 8_000;

/// What the socket tells its owner.
pub struct Handlers {
    /// The connection is open (again): join the room.
    pub on_open: Box<dyn Fn()>,
    /// A text message arrived.
    pub on_message: Box<dyn Fn(String)>,
    /// The connection is down (`ever_open`: it had been open before).
    pub on_down: Box<dyn Fn(bool)>,
}

/// An open socket and its reconnection.
pub struct Inner {
    url: String,
    socket: Option<WebSocket>,
    handlers: Rc<Handlers>,
    pause: u32,
    ever_open: bool,
    closed: bool,
    retry: Option<Timeout>,
}

/// The page's socket to the room server (a handle: copies are the same
/// socket).
#[derive(Clone, Copy)]
pub struct Socket(StoredValue<Current, LocalStorage>);

/// The open socket, if there is one, and whether the browser's "online"
/// and "visible again" events are watched.
type Current = (Option<Rc<RefCell<Inner>>>, bool);

impl Default for Socket {
    fn default() -> Socket {
        Socket::new()
    }
}

impl Socket {
    /// No socket yet.
    pub fn new() -> Socket {
        Socket(StoredValue::new_local((None, false)))
    }

    /// Opens the socket to `url` (closing any other).
    pub fn open(self, url: &str, handlers: Handlers) {
        self.close();
        let inner = Rc::new(RefCell::new(Inner {
            url: url.to_string(),
            socket: None,
            handlers: Rc::new(handlers),
            pause: 250,
            ever_open: false,
            closed: false,
            retry: None,
        }));
        self.0
            .update_value(|(current, _)| *current = Some(inner.clone()));
        connect(&inner);
        self.watch_the_browser();
    }

    /// Closes the socket for good (leaving the room).
    pub fn close(self) {
        let taken = self
            .0
            .try_update_value(|(current, _)| current.take())
            .flatten();
        if let Some(inner) = taken {
            let mut i = inner.borrow_mut();
            i.closed = true;
            i.retry = None;
            if let Some(s) = i.socket.take() {
                let _ = s.close();
            }
        }
    }

    /// Sends `text` if the socket is open; false if it is not.
    pub fn send(self, text: &str) -> bool {
        self.0.with_value(|(current, _)| {
            current.as_ref().is_some_and(|inner| {
                inner.borrow().socket.as_ref().is_some_and(|s| {
                    s.ready_state() == WebSocket::OPEN && s.send_with_str(text).is_ok()
                })
            })
        })
    }

    /// Reconnects at once if the socket is down (the browser is online
    /// again, or the page visible again).
    fn nudge(self) {
        let Some(inner) = self.0.with_value(|(current, _)| current.clone()) else {
            return;
        };
        let down = {
            let i = inner.borrow();
            !i.closed && i.socket.is_none()
        };
        if down {
            inner.borrow_mut().retry = None;
            connect(&inner);
        }
    }

    /// Reconnects at once when the browser is back online or the page is
    /// shown again (set up once).
    fn watch_the_browser(self) {
        let watching = self
            .0
            .try_update_value(|(_, watching)| std::mem::replace(watching, true))
            .unwrap_or(true);
        if watching {
            return;
        }
        let Some(window) = web_sys::window() else {
            return;
        };
        let again = Closure::<dyn FnMut()>::new(move || self.nudge());
        let _ = window.add_event_listener_with_callback("online", again.as_ref().unchecked_ref());
        if let Some(doc) = window.document() {
            let shown = Closure::<dyn FnMut()>::new(move || {
                let visible = web_sys::window()
                    .and_then(|w| w.document())
                    .is_some_and(|d| !d.hidden());
                if visible {
                    self.nudge();
                }
            });
            let _ = doc.add_event_listener_with_callback(
                "visibilitychange",
                shown.as_ref().unchecked_ref(),
            );
            shown.forget();
        }
        again.forget();
    }
}

fn connect(inner: &Rc<RefCell<Inner>>) {
    let url = inner.borrow().url.clone();
    let Ok(socket) = WebSocket::new(&url) else {
        return retry_later(inner);
    };
    let handlers = inner.borrow().handlers.clone();
    let me = inner.clone();
    let on_open = Closure::<dyn FnMut()>::new(move || {
        {
            let mut i = me.borrow_mut();
            i.pause = 250;
            i.ever_open = true;
        }
        (handlers.on_open)();
    });
    let handlers = inner.borrow().handlers.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(text) = e.data().as_string() {
            (handlers.on_message)(text);
        }
    });
    let me = inner.clone();
    let this = socket.clone();
    let on_close = Closure::<dyn FnMut()>::new(move || {
        let current = me.borrow().socket.as_ref() == Some(&this);
        if !current {
            return;
        }
        let (handlers, ever, closed) = {
            let mut i = me.borrow_mut();
            i.socket = None;
            (i.handlers.clone(), i.ever_open, i.closed)
        };
        if !closed {
            (handlers.on_down)(ever);
            retry_later(&me);
        }
    });
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    on_open.forget();
    on_message.forget();
    on_close.forget();
    inner.borrow_mut().socket = Some(socket);
}

fn retry_later(inner: &Rc<RefCell<Inner>>) {
    let pause = {
        let mut i = inner.borrow_mut();
        let p = i.pause;
        i.pause = (p * 2).min(MAX_PAUSE);
        p
    };
    let me = inner.clone();
    let timer = Timeout::new(pause, move || {
        me.borrow_mut().retry = None;
        if !me.borrow().closed {
            connect(&me);
        }
    });
    inner.borrow_mut().retry = Some(timer);
}
