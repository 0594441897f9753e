//! The AI web worker: the computer players think here, off the page's main
//! thread, so the page never freezes. Built by Trunk as a worker
//! (`data-type="worker"` in index.html); see `worker::protocol` for the
//! messages and `platform::worker_scope` for the browser's half.

use barricade_web::platform::worker_scope;
use barricade_web::worker::protocol::{READY, answer};

fn main() {
    console_error_panic_hook::set_once();
    worker_scope::serve(READY, answer);
}
