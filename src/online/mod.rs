//! Online rooms, the page's side (issue #21; docs/online.md): which room
//! server the page knows ([`server_url`]), the one socket to it
//! ([`socket`], reconnecting by itself), the room folded from its numbered
//! events ([`room`]), and the game's events applied to the board through
//! the online intents of [`crate::state::GameState`]. At the end the dice
//! are checked ([`dice_check`]) and the page says "dice verified".
//!
//! The socket and the room screens are in the app only when it is built
//! with the `online` feature. The site holds both builds and the page
//! loads this one only when it knows a room server (docs/online.md, "Two
//! builds, one site"); the app without it offers no "Play online" and
//! says so for an invite.

pub mod dice_check;
pub mod room;

use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::platform::socket::Socket;
use crate::platform::{browser, crypto};
use crate::providers::game::Game;
use crate::providers::new_game::NewGame;
use crate::providers::scheduler;
use crate::providers::screens::Screen;
use crate::state::GameState;
use crate::state::online::Outgoing;
use barricade_protocol::{Event, ServerMessage, SettingsJson};
use barricade_rules::{Colour, ColourSet};
use leptos::prelude::*;
use room::{Change, Room, RoomOptions};

/// The localStorage key of the name typed for rooms.
pub const NAME_KEY: &str = "barricade.name";

/// How the connection to the room server is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// Not connected to a room.
    Idle,
    /// Connecting (or reconnecting).
    Connecting,
    /// Connected, and caught up with the room's events.
    Open,
    /// Lost after having been open: reconnecting by itself (until the
    /// page has caught up again).
    Lost,
    /// The server could not be reached at all.
    Unreachable,
}

impl Link {
    /// Its name, as `data-link` shows it.
    pub fn name(self) -> &'static str {
        match self {
            Link::Idle => "idle",
            Link::Connecting => "connecting",
            Link::Open => "open",
            Link::Lost => "lost",
            Link::Unreachable => "unreachable",
        }
    }
}

/// The check of a finished game's dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verified {
    /// Every check held.
    Yes,
    /// What failed.
    No(String),
}

/// The online room's signals (a context of the app); it plays its game
/// on the game's board, which knows nothing of rooms.
#[derive(Clone, Copy)]
pub struct Online {
    /// The room server's WebSocket address, when the page knows one.
    pub server: Option<&'static str>,
    /// Does the new-game form start a room ("Play online")?
    pub wanted: RwSignal<bool>,
    /// The room this page is in.
    pub room: RwSignal<Option<Room>>,
    /// The connection.
    pub link: RwSignal<Link>,
    /// The server's last refusal, in its words.
    pub error: RwSignal<Option<String>>,
    /// The code of the server's refusal to let this page in (such as
    /// `no-spectators`): the socket is closed then.
    pub refused: RwSignal<Option<String>>,
    /// The host's spectators and turn timer for the room to open.
    pub options: RwSignal<RoomOptions>,
    /// This page's nonce for the next game, with the seat it went with
    /// (kept for the dice check; no view reads it).
    pub own_nonce: StoredValue<Option<(usize, String)>>,
    /// The settings of the room to create, sent once connected.
    create: StoredValue<Option<SettingsJson>>,
    /// The socket to the room server (used only by the rooms build).
    #[cfg_attr(not(all(target_family = "wasm", feature = "online")), allow(dead_code))]
    socket: Socket,
    /// The board the room's game is played on.
    game: Game,
    /// The new-game form, shown when the room is left.
    new_game: NewGame,
    /// The page's words.
    words: Words,
}

impl Online {
    /// The online signals, with the room server found in the page; what
    /// the person decides on `game`'s board in a room goes to the server.
    pub fn new(game: Game, new_game: NewGame, words: Words) -> Online {
        let online = Online {
            server: server_url(),
            wanted: RwSignal::new(false),
            room: RwSignal::new(None),
            link: RwSignal::new(Link::Idle),
            error: RwSignal::new(None),
            refused: RwSignal::new(None),
            options: RwSignal::new(RoomOptions::default()),
            own_nonce: StoredValue::new(None),
            create: StoredValue::new(None),
            socket: Socket::new(),
            game,
            new_game,
            words,
        };
        game.after_decision(move || online.send_outgoing());
        online
    }

    /// Is this page in a room?
    pub fn in_room(&self) -> bool {
        self.room.with(Option::is_some)
    }

    /// The invite link of the room.
    pub fn invite(&self) -> Option<String> {
        let id = self.room.with(|r| r.as_ref().map(|r| r.id.clone()))?;
        (!id.is_empty()).then(|| crate::state::link::Link::Room(id).address(&browser::address()))
    }

    /// The commitment to the dice of the game shown (or the next one),
    /// for `data-seed-commit`.
    pub fn commit_shown(&self) -> Option<String> {
        self.room.with(|r| {
            let r = r.as_ref()?;
            let commit = match &r.ended {
                Some(e) => e.commit.clone(),
                None => r.commit.clone(),
            };
            (!commit.is_empty()).then_some(commit)
        })
    }

    /// The revealed secret of the game shown, once it is over, for
    /// `data-seed-reveal`.
    pub fn reveal_shown(&self) -> Option<String> {
        self.room
            .with(|r| r.as_ref()?.ended.as_ref().map(|e| e.reveal.clone()))
    }

    /// The colours this page plays, space-separated (`data-you`).
    pub fn you(&self) -> String {
        self.room.with(|r| {
            r.as_ref()
                .map(|r| {
                    r.mine()
                        .iter()
                        .map(|c| c.name())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
        })
    }
}

impl Online {
    /// The status line while the colour to move is not played at this
    /// page: reconnecting, the computer standing in for a player, or whose
    /// turn it is and that the page waits for them (by name when one was
    /// typed). `None` when this page plays `turn`, outside a room, and
    /// for a computer seat (its usual "thinking").
    pub fn turn_words(&self, turn: Colour) -> Option<String> {
        if !self.in_room() {
            return None;
        }
        if self.link.get() != Link::Open {
            return Some(self.words.t(Text::PromptReconnecting).to_string());
        }
        self.room.with(|r| {
            let r = r.as_ref()?;
            let seat = r.seat_of(turn)?;
            if r.playable().contains(turn) {
                return None;
            }
            let who = self.words.seat_player(seat.colour, seat.name.as_deref());
            if seat.stand_in {
                Some(self.words.fill_str(Text::PromptStandIn, &who))
            } else if seat.person {
                Some(self.words.fill_str(Text::PromptWaiting, &who))
            } else {
                None
            }
        })
    }
}

/// The room server's WebSocket address: `?rooms=ws://…` in the page's
/// address, or the page's own server when it says it runs rooms (the
/// `<meta name="barricade-rooms">` that `barricade serve` writes into the
/// page it serves).
#[cfg(all(target_family = "wasm", feature = "online"))]
pub fn server_url() -> Option<&'static str> {
    use crate::platform::page;
    let given =
        page::query_param("rooms").filter(|v| v.starts_with("ws://") || v.starts_with("wss://"));
    let url = given.or_else(|| {
        // The page's configuration, as the server wrote it.
        let content = page::meta_content("barricade-rooms")?;
        let (https, host) = page::origin()?;
        Some(meta_address(&content, https, &host))
    })?;
    Some(Box::leak(url.into_boxed_str()))
}

/// The room server a `barricade-rooms` meta tag names: a WebSocket
/// address as it is (a site built with one, `BARRICADE_ROOMS`), or a path
/// on the page's own host (`barricade serve`), `wss:` on an `https:` page.
pub fn meta_address(content: &str, https: bool, host: &str) -> String {
    if content.starts_with("ws://") || content.starts_with("wss://") {
        return content.to_string();
    }
    let scheme = if https { "wss" } else { "ws" };
    format!("{scheme}://{host}{content}")
}

/// No browser, or a build without the rooms client (the static site; see
/// the `online` feature in Cargo.toml): no room server.
#[cfg(not(all(target_family = "wasm", feature = "online")))]
pub fn server_url() -> Option<&'static str> {
    None
}

/// A fresh nonce: 16 random bytes as hex.
fn fresh_nonce() -> String {
    format!(
        "{:013x}{:013x}",
        browser::random_seed(),
        browser::random_seed()
    )
}

/// The stored token of room `id`.
fn token_key(id: &str) -> String {
    format!("barricade.room.{id}")
}

/// The name typed for rooms (remembered).
pub fn remembered_name() -> String {
    browser::load(NAME_KEY).unwrap_or_default()
}

#[cfg(all(target_family = "wasm", feature = "online"))]
mod wire {
    use super::*;
    use crate::platform::socket::Handlers;
    use barricade_protocol::Request;

    /// Opens the socket; `first` is sent on every (re)connection.
    pub fn connect(online: Online, url: &str) {
        online.link.set(Link::Connecting);
        online.socket.open(
            url,
            Handlers {
                // Open only once welcomed and caught up (see `receive`).
                on_open: Box::new(move || hello(online)),
                on_message: Box::new(move |text| {
                    // Anything malformed is skipped.
                    if let Some(m) = ServerMessage::from_json(&text) {
                        super::receive(online, m);
                        super::settle(online);
                    }
                }),
                on_down: Box::new(move |ever| {
                    online.room.update(|r| {
                        if let Some(r) = r {
                            r.welcomed = false;
                        }
                    });
                    online
                        .link
                        .set(if ever { Link::Lost } else { Link::Unreachable });
                    super::sync_playable(online);
                }),
            },
        );
    }

    /// The first message of a connection: create the room, or join it
    /// with the token and the last event number.
    fn hello(online: Online) {
        let pending = online
            .room
            .with_untracked(|r| r.as_ref().map(|r| (r.id.clone(), r.token.clone(), r.last)));
        match pending {
            Some((room, token, since)) if !room.is_empty() => {
                send(online, &Request::Join { room, token, since });
            }
            _ => {
                if let Some(settings) = online.create.get_value() {
                    send(
                        online,
                        &Request::Create {
                            settings,
                            name: remembered_name(),
                        },
                    );
                }
            }
        }
    }

    pub fn send(online: Online, request: &Request) -> bool {
        online.socket.send(&request.to_json())
    }

    pub fn take(online: Online, seat: usize, name: &str, nonce: &str) {
        send(
            online,
            &Request::Take {
                seat,
                name: name.to_string(),
                nonce: Some(nonce.to_string()),
            },
        );
    }

    pub fn nonce(online: Online, nonce: &str) {
        send(
            online,
            &Request::Nonce {
                nonce: nonce.to_string(),
            },
        );
    }

    pub fn decision(online: Online, text: &str) {
        send(
            online,
            &Request::Move {
                mv: text.to_string(),
            },
        );
    }

    pub fn close(online: Online) {
        online.socket.close();
    }

    /// Joins again on the open socket (after the room was reset).
    pub fn rejoin(online: Online) {
        hello(online);
    }
}

#[cfg(not(all(target_family = "wasm", feature = "online")))]
mod wire {
    //! No sockets outside a browser.
    use super::*;
    pub fn connect(_: Online, _: &str) {}
    pub fn take(_: Online, _: usize, _: &str, _: &str) {}
    pub fn nonce(_: Online, _: &str) {}
    pub fn decision(_: Online, _: &str) {}
    pub fn close(_: Online) {}
    pub fn rejoin(_: Online) {}
}

impl Online {
    /// Shows the room's screen, connecting to the room server at `url`.
    fn enter(self, url: &str) {
        self.error.set(None);
        self.refused.set(None);
        self.game.screens.screen.set(Screen::Room);
        scheduler::soon(self.game);
        wire::connect(self, url);
    }

    /// Opens a room with `choices` (from the new-game form).
    pub fn open_room(self, choices: crate::state::setup::SetupChoices) {
        let Some(url) = self.server else {
            return;
        };
        self.create.set_value(Some(room::settings_of(
            &choices,
            self.options.get_untracked(),
        )));
        self.room.set(Some(Room::new("", None)));
        self.enter(url);
    }

    /// Joins room `id` (an invite opened, or a reload): with the token
    /// kept for it, the same seats as before.
    pub fn join_room(self, id: &str) {
        let notice = self.game.screens.notice;
        let Some(url) = self.server else {
            notice.set(Some(self.words.t(Text::RoomNoServer).into()));
            return;
        };
        let valid = id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
        if !valid {
            notice.set(Some(self.words.link_unknown()));
            return;
        }
        if self
            .room
            .with_untracked(|r| r.as_ref().is_some_and(|r| r.id == id))
        {
            return;
        }
        let token = browser::load(&token_key(id));
        self.room.set(Some(Room::new(id, token)));
        self.enter(url);
    }

    /// Takes seat `i` with the name typed (and a fresh nonce).
    pub fn take_seat(self, i: usize) {
        let nonce = fresh_nonce();
        self.own_nonce.set_value(Some((i, nonce.clone())));
        wire::take(self, i, &remembered_name(), &nonce);
    }

    /// Starts the room's game (or the rematch): the host only.
    pub fn start_room(self) {
        #[cfg(all(target_family = "wasm", feature = "online"))]
        wire::send(self, &barricade_protocol::Request::Start);
    }

    /// Takes back this page's seats from the computer standing in.
    pub fn back_to_seat(self) {
        #[cfg(all(target_family = "wasm", feature = "online"))]
        wire::send(self, &barricade_protocol::Request::Back);
    }

    /// Leaves the room: the seats are given up, the socket closed, and
    /// the new-game form shown.
    pub fn leave_room(self) {
        #[cfg(all(target_family = "wasm", feature = "online"))]
        wire::send(self, &barricade_protocol::Request::Leave);
        wire::close(self);
        if let Some(id) = self
            .room
            .with_untracked(|r| r.as_ref().map(|r| r.id.clone()))
        {
            browser::remove(&token_key(&id));
        }
        self.room.set(None);
        self.link.set(Link::Idle);
        self.refused.set(None);
        browser::clear_fragment();
        self.game.has_game.set(false);
        self.new_game.show();
    }

    /// Sends what the person at this device asked for in a room's game
    /// (told by the game after every decision).
    fn send_outgoing(self) {
        let state = self.game.state;
        let waiting = state.with_untracked(GameState::has_outgoing);
        if !waiting || !self.in_room() {
            return;
        }
        let Some(out) = state.try_update(GameState::take_outgoing).flatten() else {
            return;
        };
        match out {
            Outgoing::Roll => {
                #[cfg(all(target_family = "wasm", feature = "online"))]
                wire::send(self, &barricade_protocol::Request::Roll);
            }
            Outgoing::Decision(mv) => {
                let name = state.with_untracked(|s| s.position().board().move_name(mv));
                wire::decision(self, &name);
            }
        }
    }
}

/// The server's codes that refuse this page the room itself (a `join`
/// or `create`): trying again would not help, so the socket is closed.
const SHUT_OUT: [&str; 6] = [
    "no-spectators",
    "unknown-room",
    "bad-token",
    "room-full",
    "too-many-rooms",
    "bad-settings",
];

/// After each message of the server: the page is open for play once it
/// is welcomed and has caught up, and plays the colours it may.
pub fn settle(online: Online) {
    let ready = online.room.with_untracked(|r| {
        r.as_ref()
            .is_some_and(|r| r.welcomed && r.last >= r.caught_up_to)
    });
    if ready && online.link.get_untracked() != Link::Open {
        online.link.set(Link::Open);
    }
    sync_playable(online);
}

/// Lets the game's state play the colours this page may play now: none
/// while the page is disconnected or catching up (a decision then would
/// be lost, or made on an old position), and none the computer stands in
/// for.
fn sync_playable(online: Online) {
    let game = online.game;
    let open = online.link.get_untracked() == Link::Open;
    let Some(playable) = online.room.with_untracked(|r| {
        r.as_ref()
            .map(|r| if open { r.playable() } else { ColourSet::EMPTY })
    }) else {
        return;
    };
    let differs = game
        .state
        .with_untracked(|s| s.online_colours().is_some_and(|c| c != playable));
    if differs {
        game.state.update(|s| s.set_playable(playable));
        scheduler::soon(game);
    }
}

/// Handles one message of the server.
pub fn receive(online: Online, message: ServerMessage) {
    let game = online.game;
    // The game's clock looks at what the message changed.
    scheduler::soon(game);
    match message {
        ServerMessage::Created { room, token } => {
            browser::store(&token_key(&room), &token);
            online.room.update(|r| {
                if let Some(r) = r {
                    r.id = room.clone();
                    r.token = Some(token);
                }
            });
            crate::platform::page::replace_fragment(
                &crate::state::link::Link::Room(room).fragment(),
            );
        }
        ServerMessage::Welcome { last, you, .. } => {
            online.error.set(None);
            online.room.update(|r| {
                if let Some(r) = r {
                    r.caught_up_to = last;
                    r.welcomed = true;
                    r.you = you;
                }
            });
            // Whatever was asked before a drop may be asked again.
            game.state.update(GameState::refused);
        }
        ServerMessage::Seated { seat, token } => {
            online.room.update(|r| {
                if let Some(r) = r {
                    if !r.you.seats.contains(&seat) {
                        r.you.seats.push(seat);
                    }
                    r.you.spectator = false;
                    if let Some(t) = token {
                        browser::store(&token_key(&r.id), &t);
                        r.token = Some(t);
                    }
                }
            });
        }
        ServerMessage::Event { n, event } => {
            let mut change = None;
            let mut live = true;
            online.room.update(|r| {
                if let Some(r) = r {
                    live = n > r.caught_up_to;
                    change = r.fold(n, &event);
                }
            });
            if let Some(change) = change {
                apply(online, change, live);
            } else if matches!(event, Event::Opened { .. }) {
                // Before the game the board shows the room's seats.
                let preview = online
                    .room
                    .with_untracked(|r| GameState::new(r.as_ref()?.choices()?, 0).ok());
                if let Some(preview) = preview {
                    game.state.set(preview);
                }
            }
        }
        ServerMessage::Error { code, message } => {
            if code == barricade_protocol::ErrorCode::SinceAhead {
                // The server has fewer events than this page (restored
                // from a copy): load the room again from its first event.
                online.room.update(|r| {
                    if let Some(r) = r {
                        *r = Room::new(&r.id, r.token.clone());
                    }
                });
                wire::rejoin(online);
                return;
            }
            if SHUT_OUT.contains(&code.as_str()) {
                wire::close(online);
                online.link.set(Link::Idle);
                online.refused.set(Some(code.as_str().to_string()));
            }
            online.error.set(Some(message));
            game.state.update(GameState::refused);
        }
        ServerMessage::Left => {}
    }
}

/// Applies a game event to the board.
fn apply(online: Online, change: Change, live: bool) {
    let game = online.game;
    match change {
        Change::Start(position) => {
            let made = online.room.with_untracked(|r| {
                let r = r.as_ref()?;
                let start = position.parse().ok()?;
                GameState::online(r.choices()?, start, r.mine()).ok()
            });
            if let Some(mut state) = made {
                game.pace(&mut state);
                game.analysis.stop();
                game.screens.sharing.set(false);
                game.state.set(state);
                game.screens.screen.set(Screen::Play);
            }
        }
        Change::Roll(roll) => {
            if let Some(roll) = barricade_rules::Roll::new(roll) {
                // Out of step with the server: said, and the dice check at
                // the end will not pass.
                let result = game.state.try_update(|s| s.remote_roll(roll));
                if let Some(Err(e)) = result {
                    online.error.set(Some(e));
                }
                if live {
                    game.tumble();
                }
            }
        }
        Change::Play(text) => {
            let mv = game
                .state
                .with_untracked(|s| s.position().board().parse_move(&text).ok());
            match mv {
                Some(mv) => {
                    if let Some(Err(e)) = game.state.try_update(|s| s.remote_play(mv, live)) {
                        online.error.set(Some(e));
                    }
                }
                None => online.error.set(Some(text)),
            }
        }
        Change::Over => finish(online),
    }
}

/// The game is over: the dice are checked (the browser hashes the two
/// texts first), then [`checked`].
fn finish(online: Online) {
    let texts = online.room.with_untracked(|r| {
        let ended = r.as_ref()?.ended.as_ref()?;
        Some(dice_check::texts_to_hash(&ended.reveal, &ended.nonces))
    });
    let Some((reveal, seeded)) = texts else {
        return;
    };
    crypto::sha256(&reveal, move |a| {
        crypto::sha256(&seeded, move |b| {
            let digests = a
                .zip(b)
                .map(|(reveal, seeded)| dice_check::Digests { reveal, seeded });
            checked(online, digests);
        });
    });
}

/// Shows the dice check's result; a verified game becomes its record's
/// (with the revealed seed), for the end screen, replay and share.
fn checked(online: Online, digests: Option<dice_check::Digests>) {
    let game = online.game;
    // This page's nonce for the rematch, now that its commitment is out
    // (sent before anything else, so that a page that cannot check the
    // dice still sends a fresh one).
    let own = online.own_nonce.get_value();
    if let Some(seat) = online
        .room
        .with_untracked(|r| r.as_ref().and_then(|r| r.you.seats.first().copied()))
    {
        let nonce = fresh_nonce();
        online.own_nonce.set_value(Some((seat, nonce.clone())));
        wire::nonce(online, &nonce);
    }
    let Some(digests) = digests else {
        set_verified(
            online,
            Verified::No("the browser cannot compute SHA-256".into()),
        );
        return;
    };
    let result = online.room.with_untracked(|r| {
        let r = r.as_ref()?;
        let ended = r.ended.as_ref()?;
        let seen = dice_check::Seen {
            commit: &ended.commit,
            reveal: &ended.reveal,
            nonces: &ended.nonces,
            own: own.as_ref().map(|(seat, n)| (*seat, n.as_str())),
            rolls: &r.rolls,
            moves: &r.moves,
        };
        Some((
            dice_check::verify(&seen, &ended.record, &digests),
            r.choices()?,
        ))
    });
    let Some((result, choices)) = result else {
        return;
    };
    match result {
        Ok(record) => {
            let shown = game.state.with_untracked(|s| *s.position());
            match GameState::room_record(choices, &record) {
                Ok(mut state) if *state.position() == shown => {
                    state.animate = game.state.with_untracked(|s| s.animate);
                    game.state.set(state);
                    scheduler::soon(game);
                    set_verified(online, Verified::Yes);
                }
                _ => set_verified(
                    online,
                    Verified::No("the record does not end where the board shows".into()),
                ),
            }
        }
        Err(why) => set_verified(online, Verified::No(why)),
    }
}

/// Keeps the dice check's result with the room.
fn set_verified(online: Online, result: Verified) {
    online.room.update(|r| {
        if let Some(r) = r {
            r.verified = Some(result);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::meta_address;

    #[test]
    fn the_meta_tag_names_a_path_on_this_host_or_a_whole_address() {
        assert_eq!(
            meta_address("/rooms", false, "a.org:8080"),
            "ws://a.org:8080/rooms"
        );
        assert_eq!(meta_address("/rooms", true, "a.org"), "wss://a.org/rooms");
        assert_eq!(
            meta_address("wss://rooms.b.org/rooms", false, "a.org"),
            "wss://rooms.b.org/rooms"
        );
    }
}
