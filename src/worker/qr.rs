//! The QR code of a link, drawn as one SVG path. The code itself comes from
//! `qrcodegen` (Project Nayuki's reference-quality encoder); this only turns
//! its modules into a path. It runs in the web worker, so the page's own
//! download stays small.

use qrcodegen::{QrCode, QrCodeEcc};

/// The QR code of `text`: its size in modules and an SVG path (in module
/// units) of its dark modules, one rectangle per horizontal run. `None`
/// when the text is too long for any QR code.
///
/// ```
/// let (size, path) = barricade_web::worker::qr::svg_path("https://example.org/#play=B").unwrap();
/// assert_eq!(size, 25);
/// assert!(path.starts_with("M0 0h7"));
/// ```
pub fn svg_path(text: &str) -> Option<(i32, String)> {
    // Low error correction keeps long links readable; qrcodegen raises it
    // when that fits in the same size.
    let qr = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = qr.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if qr.get_module(x, y) {
                let start = x;
                while x < size && qr.get_module(x, y) {
                    x += 1;
                }
                path.push_str(&format!("M{start} {y}h{}v1H{start}z", x - start));
            } else {
                x += 1;
            }
        }
    }
    Some((size, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_game_link_still_fits() {
        let link = format!(
            "https://example.org/games/barricade/#play=B{}",
            "x".repeat(1950)
        );
        let (size, path) = svg_path(&link).unwrap();
        assert!(size <= 177);
        assert!(path.len() > 1000);
        assert!(svg_path(&"x".repeat(4000)).is_none());
    }
}
