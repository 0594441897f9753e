//! Links into the app. Everything is in the fragment (the part after `#`),
//! which browsers never send to the server:
//!
//! - `#replay=CODE`: watch the game of a link code (see
//!   `docs/record-format.md`) in the replay viewer;
//! - `#play=CODE`: a game by link; whoever opens it plays the colour to move;
//! - `#seed=N`: the new-game form with the dice seed N filled in;
//! - `#room=ID`: an online room (docs/online.md): join it, or watch.

/// What a link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Watch this game code.
    Replay(String),
    /// Play the next turn of this game code.
    Play(String),
    /// Start a game with these dice.
    Seed(u64),
    /// Join this online room.
    Room(String),
}

impl Link {
    /// The link's fragment, `#` included.
    ///
    /// ```
    /// use barricade_web::state::link::Link;
    /// assert_eq!(Link::Seed(42).fragment(), "#seed=42");
    /// assert_eq!(Link::parse("#seed=42"), Some(Ok(Link::Seed(42))));
    /// ```
    pub fn fragment(&self) -> String {
        match self {
            Link::Replay(code) => format!("#replay={code}"),
            Link::Play(code) => format!("#play={code}"),
            Link::Seed(seed) => format!("#seed={seed}"),
            Link::Room(id) => format!("#room={id}"),
        }
    }

    /// The link in a page address's fragment (with or without its `#`):
    /// `None` when there is none, `Err` when it is no link of this app.
    pub fn parse(fragment: &str) -> Option<Result<Link, ()>> {
        let text = fragment.strip_prefix('#').unwrap_or(fragment).trim();
        if text.is_empty() {
            return None;
        }
        let (key, value) = text.split_once('=').unwrap_or((text, ""));
        Some(match key {
            "replay" => Ok(Link::Replay(value.to_string())),
            "play" => Ok(Link::Play(value.to_string())),
            "seed" => value.parse().map(Link::Seed).map_err(|_| ()),
            "room" => Ok(Link::Room(value.to_string())),
            _ => Err(()),
        })
    }

    /// The whole address of this link on the page at `href` (whose own
    /// fragment is dropped).
    ///
    /// ```
    /// use barricade_web::state::link::Link;
    /// let url = Link::Play("Babc".into()).address("https://example.org/games/barricade/#old");
    /// assert_eq!(url, "https://example.org/games/barricade/#play=Babc");
    /// ```
    pub fn address(&self, href: &str) -> String {
        let page = href.split('#').next().unwrap_or(href);
        format!("{page}{}", self.fragment())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_round_trip_and_strangers_are_refused() {
        for link in [
            Link::Replay("Babc-_".into()),
            Link::Play("B123".into()),
            Link::Seed(u64::MAX),
            Link::Room("ab12".into()),
        ] {
            assert_eq!(Link::parse(&link.fragment()), Some(Ok(link)));
        }
        assert_eq!(Link::parse(""), None);
        assert_eq!(Link::parse("#"), None);
        assert_eq!(Link::parse("#seed=-1"), Some(Err(())));
        assert_eq!(Link::parse("#top"), Some(Err(())));
        assert_eq!(Link::parse("replay"), Some(Ok(Link::Replay(String::new()))));
    }
}
