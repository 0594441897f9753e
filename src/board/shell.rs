//! The prerendered shell on the page (written at build time by
//! `crate::prerender::shell`): the board takes its elements over as its
//! handles ([`adopt`]) and the shell goes, in the same task, before the
//! next paint; a click on its Quick start made while the app was loading
//! is read once ([`quick_start_asked`]).

/// The shell on the page, if it is still there.
fn shell() -> Option<web_sys::Element> {
    let document = web_sys::window()?.document()?;
    document.query_selector("[data-shell]").ok().flatten()
}

/// Did the player click the shell's Quick start before the app ran?
pub fn quick_start_asked() -> bool {
    shell().is_some_and(|s| s.has_attribute("data-quick"))
}

/// Moves the prerendered board's elements into the app's `svg` and
/// removes the shell. Returns whether there was a board to take.
pub fn adopt(svg: &web_sys::Element) -> bool {
    let Some(shell) = shell() else { return false };
    let board = shell.query_selector("svg.board").ok().flatten();
    let mut taken = false;
    if let Some(board) = board {
        while let Some(child) = board.first_child() {
            taken = svg.append_child(&child).is_ok();
        }
    }
    shell.remove();
    taken
}
