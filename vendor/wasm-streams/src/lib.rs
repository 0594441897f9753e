//! A stand-in for `wasm-streams` with only what `server_fn`'s browser
//! client calls (see Cargo.toml for why). Nothing in it is exported to
//! JavaScript, so none of it is kept in the page unless it is called.

use futures_util::stream::{self, Stream};
use wasm_bindgen::JsValue;

/// A web `ReadableStream`, as `wasm_streams::ReadableStream` wraps it.
pub struct ReadableStream(web_sys::ReadableStream);

impl ReadableStream {
    /// Wraps a web stream.
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        ReadableStream(raw)
    }

    /// A Rust stream cannot become a web stream here: the result is an
    /// empty web stream's stand-in, and a streaming request sends no body.
    pub fn from_stream<St>(_stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        ReadableStream(JsValue::UNDEFINED.into())
    }

    /// The web stream.
    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.0
    }

    /// Reading a web stream is not supported: the stream yields one error.
    pub fn into_stream(self) -> impl Stream<Item = Result<JsValue, JsValue>> + Unpin {
        stream::iter([Err(JsValue::from_str(
            "streaming responses are not supported in this build",
        ))])
    }
}
