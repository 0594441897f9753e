//! How a game is played: all here on this device, one turn per device
//! passed on by link, or in an online room whose server rolls the dice and
//! checks every decision (and, once over, the room's finished record).

use barricade_rules::{Colour, ColourSet, Move};

/// What this device asks the room's server for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// Roll the die.
    Roll,
    /// Play this decision.
    Decision(Move),
}

/// The way a game is played, with what each way needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayMode {
    /// Every seat is played at this device (or by the computer).
    Local,
    /// A game by link: this device plays `colour`, and took the game after
    /// `taken_at` decisions (those before are not its own to take back).
    ByLink { colour: Colour, taken_at: usize },
    /// An online room: the rolls and decisions come from its server.
    Room {
        /// The colours this device may play now (none for a spectator,
        /// none while disconnected, none the computer stands in for; see
        /// `GameState::set_playable`).
        playable: ColourSet,
        /// What this device asked for and has not sent yet (see
        /// `GameState::take_outgoing`).
        outgoing: Option<Outgoing>,
        /// Asked, waiting for the server's answer.
        waiting: bool,
    },
    /// A finished room game: its record is the room's, nothing is taken
    /// back here.
    FinishedRoom,
}

impl PlayMode {
    /// The mode of a new game: by link when `by_link`, this device then
    /// playing `turn` from decision `taken_at` on.
    pub fn new(by_link: bool, turn: Colour, taken_at: usize) -> PlayMode {
        if by_link {
            PlayMode::ByLink {
                colour: turn,
                taken_at,
            }
        } else {
            PlayMode::Local
        }
    }

    /// An online room where this device plays `playable`, nothing asked yet.
    pub fn room(playable: ColourSet) -> PlayMode {
        PlayMode::Room {
            playable,
            outgoing: None,
            waiting: false,
        }
    }

    /// In a game by link: the colour this device plays and the number of
    /// decisions made before it took the game.
    pub fn link(&self) -> Option<(Colour, usize)> {
        match *self {
            PlayMode::ByLink { colour, taken_at } => Some((colour, taken_at)),
            _ => None,
        }
    }

    /// In an online room (still being played): the colours this device
    /// may play now.
    pub fn playable(&self) -> Option<ColourSet> {
        match *self {
            PlayMode::Room { playable, .. } => Some(playable),
            _ => None,
        }
    }

    /// Is this a game in an online room, still being played?
    pub fn in_room(&self) -> bool {
        matches!(self, PlayMode::Room { .. })
    }

    /// Is this a room's game, being played or finished (nothing is taken
    /// back here)?
    pub fn is_room_game(&self) -> bool {
        matches!(self, PlayMode::Room { .. } | PlayMode::FinishedRoom)
    }

    /// The server has answered what was asked (a roll, a decision).
    pub(super) fn answered(&mut self) {
        if let PlayMode::Room { waiting, .. } = self {
            *waiting = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mode_carries_only_what_it_needs() {
        assert_eq!(PlayMode::new(false, Colour::Red, 3), PlayMode::Local);
        let by_link = PlayMode::new(true, Colour::Red, 3);
        assert_eq!(by_link.link(), Some((Colour::Red, 3)));
        assert_eq!(by_link.playable(), None);
        assert!(!by_link.is_room_game());
        let mine = ColourSet::single(Colour::Green);
        let mut room = PlayMode::room(mine);
        assert_eq!((room.playable(), room.link()), (Some(mine), None));
        assert!(room.in_room() && room.is_room_game());
        if let PlayMode::Room { waiting, .. } = &mut room {
            *waiting = true;
        }
        room.answered();
        assert_eq!(room, PlayMode::room(mine));
        let done = PlayMode::FinishedRoom;
        assert!(!done.in_room() && done.is_room_game());
        assert_eq!(done.playable(), None);
    }
}
