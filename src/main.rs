//! The page: mounts the app.

// Talc instead of the default dlmalloc: smaller and faster in WebAssembly
// (the page's download has a size budget; see README, Size).
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    leptos::mount::mount_to_body(barricade_web::App);
}
