//! The browser's SHA-256 (SubtleCrypto), for the dice check of online
//! rooms.

/// The browser's SHA-256 of `text`, to `done` (`None` when the browser
/// cannot hash).
#[cfg(all(target_family = "wasm", feature = "online"))]
pub fn sha256(text: &str, done: impl FnOnce(Option<[u8; 32]>) + 'static) {
    use wasm_bindgen::prelude::Closure;
    let subtle = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .map(|c| c.subtle());
    let bytes = text.as_bytes().to_vec();
    let Some(promise) = subtle.and_then(|s| s.digest_with_str_and_u8_array("SHA-256", &bytes).ok())
    else {
        return done(None);
    };
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let failed = done.clone();
    let ok = Closure::once(move |buffer: wasm_bindgen::JsValue| {
        let array = js_sys::Uint8Array::new(&buffer);
        let digest: Option<[u8; 32]> = array.to_vec().try_into().ok();
        if let Some(f) = done.borrow_mut().take() {
            f(digest);
        }
    });
    let bad = Closure::once(move |_: wasm_bindgen::JsValue| {
        if let Some(f) = failed.borrow_mut().take() {
            f(None);
        }
    });
    let _ = promise.then2(&ok, &bad);
    ok.forget();
    bad.forget();
}

/// No browser, no hash.
#[cfg(not(all(target_family = "wasm", feature = "online")))]
pub fn sha256(_: &str, done: impl FnOnce(Option<[u8; 32]>) + 'static) {
    done(None);
}
