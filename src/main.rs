//! The page: mounts the app.

// Talc instead of the default dlmalloc: smaller and faster in WebAssembly
// (the page's download has a size budget; see docs/performance.md, "Size now").
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    use barricade_web::platform::language_files;
    // The page's words come first: the app draws nothing it cannot name.
    language_files::start(language_files::first(), |words| match words {
        Some(words) => leptos::mount::mount_to_body(move || {
            leptos::view! { <barricade_web::App words /> }
        }),
        // boot.js shows this on the page (never a blank page).
        None => wasm_bindgen::throw_str("the game's words did not load"),
    });
}
