//! Every button of the page as one typed value. The views write
//! `data-action=` from [`Action::name`] (the name the browser tests click
//! by) and call [`crate::intents::Intents::run`] with it; the keyboard uses the
//! same values.

/// What a button of the page does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Roll the die.
    Roll,
    /// Pass the turn (or end it after a french 6).
    Pass,
    /// French: roll again after a 6.
    Again,
    /// Drop the selection or a half-done barricade move.
    Cancel,
    /// Ask the master computer player for a suggestion.
    Hint,
    /// Take back the last own decision.
    Undo,
    /// Play an undone decision again.
    Redo,
    /// Open or close the share box.
    Share,
    /// Copy the share link.
    Copy,
    /// Send the share link with the system share sheet.
    Send,
    /// Swap to the game put aside.
    Resume,
    /// Open the new-game form.
    NewGame,
    /// A new game with the same choices.
    Rematch,
    /// A new game with the remembered choices, from the form.
    QuickStart,
    /// A new game with the form's choices.
    Start,
    /// Leave the form for the game.
    BackToGame,
    /// Leave the replay viewer.
    Close,
    /// Play on from the move shown in the replay viewer.
    PlayFromHere,
    /// Replay: to the start.
    First,
    /// Replay: one move back.
    Back,
    /// Replay: one move forward.
    Forward,
    /// Replay: to the end.
    Last,
    /// Replay: play or pause.
    Autoplay,
    /// Turn the sounds on or off.
    Sound,
}

impl Action {
    /// Every action.
    pub const ALL: [Action; 24] = [
        Action::Roll,
        Action::Pass,
        Action::Again,
        Action::Cancel,
        Action::Hint,
        Action::Undo,
        Action::Redo,
        Action::Share,
        Action::Copy,
        Action::Send,
        Action::Resume,
        Action::NewGame,
        Action::Rematch,
        Action::QuickStart,
        Action::Start,
        Action::BackToGame,
        Action::Close,
        Action::PlayFromHere,
        Action::First,
        Action::Back,
        Action::Forward,
        Action::Last,
        Action::Autoplay,
        Action::Sound,
    ];

    /// Its `data-action` name.
    ///
    /// ```
    /// use barricade_web::intents::action::Action;
    /// assert_eq!(Action::QuickStart.name(), "quick-start");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Action::Roll => "roll",
            Action::Pass => "pass",
            Action::Again => "again",
            Action::Cancel => "cancel",
            Action::Hint => "hint",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Share => "share",
            Action::Copy => "copy",
            Action::Send => "send",
            Action::Resume => "resume",
            Action::NewGame => "new-game",
            Action::Rematch => "rematch",
            Action::QuickStart => "quick-start",
            Action::Start => "start",
            Action::BackToGame => "back-to-game",
            Action::Close => "close",
            Action::PlayFromHere => "play-from-here",
            Action::First => "first",
            Action::Back => "back",
            Action::Forward => "forward",
            Action::Last => "last",
            Action::Autoplay => "autoplay",
            Action::Sound => "sound",
        }
    }

    /// The replay viewer's action for a key (arrows, Home, End).
    pub fn replay_key(key: &str) -> Option<Action> {
        match key {
            "ArrowLeft" => Some(Action::Back),
            "ArrowRight" => Some(Action::Forward),
            "Home" => Some(Action::First),
            "End" => Some(Action::Last),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_its_own_name() {
        for (i, a) in Action::ALL.iter().enumerate() {
            for b in &Action::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
        assert_eq!(Action::replay_key("End"), Some(Action::Last));
        assert_eq!(Action::replay_key("x"), None);
    }
}
