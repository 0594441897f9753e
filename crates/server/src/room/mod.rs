//! [`Room`]: one room as a plain state machine, with no sockets, clocks or
//! threads. Every intent method checks the request (asking the rules crate
//! about the game) and either refuses it, changing nothing, or changes the
//! room and returns the numbered [`Event`]s that say what happened. The
//! server around it persists those events, sends them to every
//! connection, runs the computer's decisions ([`Room::computer_job`]) off
//! the async executor, and calls [`Room::tick`] when
//! [`Room::next_deadline`] comes.

mod snapshot;
#[cfg(test)]
mod tests;
mod view;

pub use snapshot::Snapshot;

use crate::commit::{Secret, dice_seed, is_nonce};
use crate::ids::Token;
use crate::protocol::{By, ErrorCode, Event, Numbered, OpeningRoll, Refusal, StandInReason, You};
use crate::settings::{Player, Settings};
use barricade_ai::Level;
use barricade_rules::{Colour, Game, Phase, Position, Team, code};
use std::time::{Duration, Instant};

/// A member of a room: someone who took a seat or opened the room. Members
/// are numbered in the order they came.
pub type MemberId = usize;

#[derive(Clone, Debug)]
struct Member {
    /// SHA-256 of the member's token.
    token_hash: String,
    name: String,
    /// Live connections of this member.
    connections: u32,
    /// The connected flag as last published.
    shown_connected: bool,
    /// When the last connection went.
    away_since: Option<Instant>,
}

#[derive(Clone, Debug, Default)]
struct SeatState {
    holder: Option<MemberId>,
    /// The computer plays this person seat for now.
    stand_in: bool,
    /// The holder's nonce for the next game.
    nonce: Option<String>,
}

#[derive(Clone, Debug)]
enum Stage {
    /// Seats are being taken.
    Lobby,
    /// A game is being played; `next` is the next game's secret, drawn at
    /// the start and published at the end.
    Playing { game: Box<Game>, next: Secret },
    /// The game ended; seats may change hands before a rematch.
    Over { game: Box<Game> },
}

/// A decision the computer has to make: run [`BotJob::decide`] off the
/// async executor and hand the result to [`Room::computer_played`].
#[derive(Clone, Debug)]
pub struct BotJob {
    /// Which decision of the room this is (stale answers are ignored).
    pub decision: u64,
    /// The position to decide in.
    pub position: Position,
    /// The level to play at.
    pub level: Level,
    /// The bot's random seed.
    pub seed: u64,
}

impl BotJob {
    /// The computer's decision (the slow part: seconds at master level).
    pub fn decide(&self) -> Option<barricade_rules::Move> {
        barricade_ai::choose(&self.position, self.level, self.seed)
    }
}

/// Who came in with `join`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The member, when a valid token was shown.
    pub member: Option<MemberId>,
    /// What the sender is in the room.
    pub you: You,
}

/// A seat taken with `take`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The member who holds it now.
    pub member: MemberId,
    /// A new token, when the sender was not a member yet.
    pub token: Option<Token>,
    /// The events.
    pub events: Vec<Numbered>,
}

/// One room.
#[derive(Clone, Debug)]
pub struct Room {
    settings: Settings,
    members: Vec<Member>,
    seats: Vec<SeatState>,
    host: MemberId,
    /// The number the next event gets (events start at 1).
    next: u64,
    /// Games started so far.
    games: u32,
    /// The secret of the game being played, or of the next one.
    secret: Secret,
    /// The nonces of the game being played or last played.
    nonces: Vec<String>,
    stage: Stage,
    /// Counts the game's rolls and decisions: a computer's answer or a
    /// deadline for an older one is stale.
    decision: u64,
    /// The turn timer's deadline for a decision.
    turn_deadline: Option<(u64, Instant)>,
    /// How long a player may be gone before the computer stands in (with
    /// the turn timer on).
    away_after: Duration,
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> Refusal {
    Refusal::new(code, message)
}

pub use crate::names::{NAME_MAX, clean_name};

fn bad_name(e: crate::names::NameError) -> Refusal {
    refuse(ErrorCode::BadName, e.to_string())
}

impl Room {
    /// Opens a room with these settings for its host, who gets the
    /// returned token. The first event is `opened` with the commitment to
    /// the first game's secret.
    pub fn open(
        settings: Settings,
        host_name: &str,
        away_after: Duration,
    ) -> Result<(Room, Token, Vec<Numbered>), Refusal> {
        let internal = |e: crate::ids::RandomError| refuse(ErrorCode::Internal, e.to_string());
        let token = Token::random().map_err(internal)?;
        let secret = Secret::random().map_err(internal)?;
        let mut name = crate::names::check_name(host_name).map_err(bad_name)?;
        if name.is_empty() {
            name = "host".into();
        }
        let mut room = Room {
            seats: vec![SeatState::default(); settings.players.len()],
            members: vec![Member {
                token_hash: token.hash(),
                name,
                connections: 0,
                shown_connected: false,
                away_since: None,
            }],
            host: 0,
            next: 1,
            games: 0,
            secret,
            nonces: Vec::new(),
            stage: Stage::Lobby,
            decision: 0,
            turn_deadline: None,
            away_after,
            settings,
        };
        let mut out = Vec::new();
        let opened = Event::Opened {
            settings: room.settings.json.clone(),
            commit: room.secret.commitment(),
        };
        room.emit(&mut out, opened);
        Ok((room, token, out))
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The number of the last event.
    pub fn last_event(&self) -> u64 {
        self.next - 1
    }

    /// The game being played or last played.
    pub fn game(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Lobby => None,
            Stage::Playing { game, .. } | Stage::Over { game } => Some(game),
        }
    }

    /// Is a game being played?
    pub fn is_playing(&self) -> bool {
        matches!(self.stage, Stage::Playing { .. })
    }

    fn emit(&mut self, out: &mut Vec<Numbered>, event: Event) {
        out.push(Numbered {
            n: self.next,
            event,
        });
        self.next += 1;
    }

    fn colour(&self, seat: usize) -> Colour {
        self.settings.seats.colour(seat).unwrap_or(Colour::Red)
    }

    fn seats_of(&self, member: MemberId) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].holder == Some(member))
            .collect()
    }

    fn has_free_seat(&self) -> bool {
        self.seats
            .iter()
            .zip(&self.settings.players)
            .any(|(s, p)| *p == Player::Person && s.holder.is_none())
    }

    /// What `member` (or a guest) is in the room.
    pub fn you(&self, member: Option<MemberId>) -> You {
        let seats = member.map(|m| self.seats_of(m)).unwrap_or_default();
        You {
            spectator: seats.is_empty() && (self.is_playing() || !self.has_free_seat()),
            host: member == Some(self.host),
            seats,
        }
    }

    /// Someone comes in: the member of `token`, or a guest (who may take a
    /// free seat before a game) or spectator. A wrong token, or a
    /// spectator where the host forbade them, is refused.
    pub fn join(&self, token: Option<&str>) -> Result<Joined, Refusal> {
        let member = match token {
            Some(t) => {
                let hash = Token::hash_of(t);
                let found = self.members.iter().position(|m| m.token_hash == hash);
                Some(found.ok_or_else(|| {
                    refuse(ErrorCode::BadToken, "this token is not one of this room's")
                })?)
            }
            None => None,
        };
        let you = self.you(member);
        if you.spectator && !self.settings.spectators && !you.host {
            return Err(refuse(
                ErrorCode::NoSpectators,
                "the host allows no spectators, and no seat is free now",
            ));
        }
        Ok(Joined { member, you })
    }

    fn show_presence(&mut self, member: MemberId, connected: bool, out: &mut Vec<Numbered>) {
        let Some(m) = self.members.get_mut(member) else {
            return;
        };
        if m.shown_connected == connected {
            return;
        }
        m.shown_connected = connected;
        for seat in self.seats_of(member) {
            self.emit(out, Event::Presence { seat, connected });
        }
    }

    /// A connection of `member` came: the seats show connected, and the
    /// computer stops standing in for them.
    pub fn connect(&mut self, member: MemberId, now: Instant) -> Vec<Numbered> {
        let mut out = Vec::new();
        let Some(m) = self.members.get_mut(member) else {
            return out;
        };
        m.connections += 1;
        m.away_since = None;
        self.show_presence(member, true, &mut out);
        self.end_stand_in(member, &mut out);
        self.advance(now, &mut out);
        out
    }

    /// A connection of `member` went: with no connection left, the seats
    /// show not connected.
    pub fn disconnect(&mut self, member: MemberId, now: Instant) -> Vec<Numbered> {
        let mut out = Vec::new();
        let Some(m) = self.members.get_mut(member) else {
            return out;
        };
        m.connections = m.connections.saturating_sub(1);
        if m.connections == 0 {
            m.away_since = Some(now);
            self.show_presence(member, false, &mut out);
        }
        out
    }

    /// Takes the free person seat `seat` for `caller` (a guest becomes a
    /// member with a new token), before a game or after one.
    pub fn take(
        &mut self,
        caller: Option<MemberId>,
        seat: usize,
        name: &str,
        nonce: Option<&str>,
    ) -> Result<Taken, Refusal> {
        if self.is_playing() {
            return Err(refuse(
                ErrorCode::GameRunning,
                "seats are taken before a game starts",
            ));
        }
        if self.settings.players.get(seat) != Some(&Player::Person) {
            return Err(refuse(
                ErrorCode::BadSeat,
                format!("seat {seat} is not a person seat of this room"),
            ));
        }
        if let Some(holder) = self.seats[seat].holder
            && Some(holder) != caller
        {
            return Err(refuse(
                ErrorCode::SeatTaken,
                format!("the {} seat is taken", self.colour(seat)),
            ));
        }
        if let Some(n) = nonce
            && !is_nonce(n)
        {
            return Err(bad_nonce());
        }
        let name = crate::names::check_name(name).map_err(bad_name)?;
        let mut token = None;
        let member = match caller {
            Some(m) => m,
            None => {
                let t = Token::random().map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
                self.members.push(Member {
                    token_hash: t.hash(),
                    name: String::new(),
                    connections: 1,
                    shown_connected: true,
                    away_since: None,
                });
                token = Some(t);
                self.members.len() - 1
            }
        };
        let mut name = name;
        if name.is_empty() {
            name = match self.members.get(member) {
                Some(m) if !m.name.is_empty() => m.name.clone(),
                _ => self.colour(seat).to_string(),
            };
        }
        if let Some(m) = self.members.get_mut(member) {
            m.name = name.clone();
        }
        let state = &mut self.seats[seat];
        state.holder = Some(member);
        state.stand_in = false;
        if let Some(n) = nonce {
            state.nonce = Some(n.to_string());
        }
        let mut events = Vec::new();
        self.emit(&mut events, Event::SeatTaken { seat, name });
        Ok(Taken {
            member,
            token,
            events,
        })
    }

    fn held_seats(&self, caller: Option<MemberId>) -> Result<Vec<usize>, Refusal> {
        let seats = caller.map(|m| self.seats_of(m)).unwrap_or_default();
        if seats.is_empty() {
            return Err(refuse(
                ErrorCode::NoSeat,
                "you hold no seat: you are watching",
            ));
        }
        Ok(seats)
    }

    /// Sets the caller's nonce for the next game (on every seat it holds).
    pub fn nonce(&mut self, caller: Option<MemberId>, nonce: &str) -> Result<(), Refusal> {
        let seats = self.held_seats(caller)?;
        if self.is_playing() {
            return Err(refuse(
                ErrorCode::GameRunning,
                "the dice of this game are fixed; a nonce counts for the next one",
            ));
        }
        if !is_nonce(nonce) {
            return Err(bad_nonce());
        }
        for s in seats {
            self.seats[s].nonce = Some(nonce.to_string());
        }
        Ok(())
    }

    /// Starts a game (or a rematch with the same seats): host only, every
    /// person seat taken. The dice seed follows from the committed secret
    /// and the nonces.
    pub fn start(
        &mut self,
        caller: Option<MemberId>,
        now: Instant,
    ) -> Result<Vec<Numbered>, Refusal> {
        if caller != Some(self.host) {
            return Err(refuse(ErrorCode::NotHost, "only the host starts a game"));
        }
        if self.is_playing() {
            return Err(refuse(ErrorCode::GameRunning, "a game is being played"));
        }
        if let Some(seat) = (0..self.seats.len())
            .find(|&s| self.settings.players[s] == Player::Person && self.seats[s].holder.is_none())
        {
            return Err(refuse(
                ErrorCode::SeatFree,
                format!("the {} seat has no player yet", self.colour(seat)),
            ));
        }
        let next = Secret::random().map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
        let nonces: Vec<String> = self
            .seats
            .iter_mut()
            .map(|s| s.nonce.take().unwrap_or_default())
            .collect();
        let seed = dice_seed(&self.secret.reveal(), &nonces);
        let s = &self.settings;
        let game = Game::new_on(s.board, s.rules, s.seats, seed);
        let opening = game
            .opening()
            .map(|o| {
                o.rounds
                    .iter()
                    .map(|round| {
                        round
                            .iter()
                            .map(|(c, r)| OpeningRoll {
                                colour: c.to_string(),
                                roll: r.get(),
                            })
                            .collect()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let position = game.position().to_string();
        self.games += 1;
        self.nonces = nonces.clone();
        for seat in &mut self.seats {
            seat.stand_in = false;
        }
        self.stage = Stage::Playing {
            game: Box::new(game),
            next,
        };
        self.decision += 1;
        let mut out = Vec::new();
        let started = Event::Started {
            game: self.games,
            commit: self.secret.commitment(),
            nonces,
            position,
            opening,
        };
        self.emit(&mut out, started);
        self.advance(now, &mut out);
        Ok(out)
    }

    fn playing(&self) -> Result<&Game, Refusal> {
        match &self.stage {
            Stage::Playing { game, .. } => Ok(game),
            _ => Err(refuse(ErrorCode::NoGame, "no game is being played")),
        }
    }

    fn turn_seat(&self) -> Option<usize> {
        let game = self.game()?;
        self.settings.seats.seat_of(game.position().turn())
    }

    /// Does the computer decide for `seat` now?
    fn computer_plays(&self, seat: usize) -> bool {
        self.settings.players.get(seat) != Some(&Player::Person)
            || self
                .seats
                .get(seat)
                .is_none_or(|s| s.stand_in || s.holder.is_none())
    }

    /// The seat whose turn it is, if `caller` holds it.
    fn callers_turn(&self, caller: Option<MemberId>) -> Result<usize, Refusal> {
        self.playing()?;
        self.held_seats(caller)?;
        let seat = self.turn_seat().unwrap_or(0);
        if self.seats[seat].holder != caller {
            return Err(refuse(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", self.colour(seat)),
            ));
        }
        Ok(seat)
    }

    /// The caller rolls the die for its seat.
    pub fn roll(
        &mut self,
        caller: Option<MemberId>,
        now: Instant,
    ) -> Result<Vec<Numbered>, Refusal> {
        let seat = self.callers_turn(caller)?;
        let Stage::Playing { game, .. } = &mut self.stage else {
            return Err(refuse(ErrorCode::NoGame, "no game is being played"));
        };
        let roll = game
            .roll()
            .map_err(|e| refuse(ErrorCode::Illegal, e.to_string()))?;
        let mut out = Vec::new();
        self.decided(seat, &mut out);
        let rolled = Event::Rolled {
            seat,
            colour: self.colour(seat).to_string(),
            roll: roll.get(),
            by: By::Player,
        };
        self.emit(&mut out, rolled);
        self.advance(now, &mut out);
        Ok(out)
    }

    /// The caller plays a decision written in the board's notation.
    pub fn play(
        &mut self,
        caller: Option<MemberId>,
        text: &str,
        now: Instant,
    ) -> Result<Vec<Numbered>, Refusal> {
        let seat = self.callers_turn(caller)?;
        let Stage::Playing { game, .. } = &mut self.stage else {
            return Err(refuse(ErrorCode::NoGame, "no game is being played"));
        };
        let board = game.position().board();
        let mv = board
            .parse_move(text)
            .map_err(|e| refuse(ErrorCode::BadMove, e.to_string()))?;
        game.play(mv)
            .map_err(|e| refuse(ErrorCode::Illegal, e.to_string()))?;
        let mut out = Vec::new();
        self.decided(seat, &mut out);
        let played = Event::Played {
            seat,
            colour: self.colour(seat).to_string(),
            mv: board.move_name(mv),
            by: By::Player,
        };
        self.emit(&mut out, played);
        self.advance(now, &mut out);
        Ok(out)
    }

    /// After a player's own decision: a newer decision is due, and a
    /// player who acts is back.
    fn decided(&mut self, seat: usize, out: &mut Vec<Numbered>) {
        self.decision += 1;
        if self.seats[seat].stand_in {
            self.seats[seat].stand_in = false;
            self.emit(
                out,
                Event::StandIn {
                    seat,
                    on: false,
                    reason: StandInReason::Back,
                },
            );
        }
    }

    fn end_stand_in(&mut self, member: MemberId, out: &mut Vec<Numbered>) {
        if !self.is_playing() {
            return;
        }
        for seat in self.seats_of(member) {
            if self.seats[seat].stand_in {
                self.seats[seat].stand_in = false;
                self.emit(
                    out,
                    Event::StandIn {
                        seat,
                        on: false,
                        reason: StandInReason::Back,
                    },
                );
            }
        }
    }

    /// The caller takes back the seats the computer plays for it.
    pub fn back(
        &mut self,
        caller: Option<MemberId>,
        now: Instant,
    ) -> Result<Vec<Numbered>, Refusal> {
        self.held_seats(caller)?;
        let mut out = Vec::new();
        if let Some(m) = caller {
            self.end_stand_in(m, &mut out);
        }
        self.advance(now, &mut out);
        Ok(out)
    }

    /// The caller gives up its seats: before a game they are free again;
    /// during one the computer plays them to the end (and they are free
    /// for the rematch).
    pub fn leave(
        &mut self,
        caller: Option<MemberId>,
        now: Instant,
    ) -> Result<Vec<Numbered>, Refusal> {
        let seats = self.held_seats(caller)?;
        let mut out = Vec::new();
        for seat in seats {
            self.seats[seat] = SeatState::default();
            self.emit(&mut out, Event::SeatFreed { seat });
        }
        self.advance(now, &mut out);
        Ok(out)
    }

    /// The decision the computer has to make now, if any: for a computer
    /// seat, a seat whose player left, or one it stands in for.
    pub fn computer_job(&self) -> Option<BotJob> {
        let game = self.playing().ok()?;
        if matches!(game.phase(), Phase::Roll | Phase::Over(_)) {
            return None;
        }
        let seat = self.turn_seat()?;
        if !self.computer_plays(seat) {
            return None;
        }
        let level = match self.settings.players[seat] {
            Player::Computer(level) => level,
            Player::Person => self.settings.stand_in,
        };
        Some(BotJob {
            decision: self.decision,
            position: *game.position(),
            level,
            seed: game.seed() ^ self.decision.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        })
    }

    /// The computer's answer to the job of `decision`. A stale answer (the
    /// player decided meanwhile) changes nothing.
    pub fn computer_played(
        &mut self,
        decision: u64,
        mv: Option<barricade_rules::Move>,
        now: Instant,
    ) -> Vec<Numbered> {
        let mut out = Vec::new();
        let Some(seat) = self.turn_seat() else {
            return out;
        };
        if decision != self.decision || !self.computer_plays(seat) {
            return out;
        }
        let Stage::Playing { game, .. } = &mut self.stage else {
            return out;
        };
        let Some(mv) = mv else {
            return out;
        };
        let board = game.position().board();
        if game.play(mv).is_err() {
            return out;
        }
        self.decision += 1;
        let played = Event::Played {
            seat,
            colour: self.colour(seat).to_string(),
            mv: board.move_name(mv),
            by: By::Computer,
        };
        self.emit(&mut out, played);
        self.advance(now, &mut out);
        out
    }

    /// After every change: the computer rolls for its seats, a won game
    /// ends, and the turn timer is set for a player's decision.
    fn advance(&mut self, now: Instant, out: &mut Vec<Numbered>) {
        while let Some(seat) = self.turn_seat() {
            let computer = self.computer_plays(seat);
            let Stage::Playing { game, .. } = &mut self.stage else {
                break;
            };
            match game.phase() {
                Phase::Over(team) => {
                    self.finish(team, out);
                    break;
                }
                Phase::Roll if computer => {
                    let Ok(roll) = game.roll() else {
                        break;
                    };
                    self.decision += 1;
                    let rolled = Event::Rolled {
                        seat,
                        colour: self.colour(seat).to_string(),
                        roll: roll.get(),
                        by: By::Computer,
                    };
                    self.emit(out, rolled);
                }
                _ => break,
            }
        }
        self.turn_deadline = match (self.settings.turn_timer, self.turn_seat()) {
            (Some(timer), Some(seat)) if self.is_playing() && !self.computer_plays(seat) => {
                match self.turn_deadline {
                    Some((d, at)) if d == self.decision => Some((d, at)),
                    _ => Some((self.decision, now + timer)),
                }
            }
            _ => None,
        };
    }

    fn finish(&mut self, winner: Team, out: &mut Vec<Numbered>) {
        let Stage::Playing { game, next } = std::mem::replace(&mut self.stage, Stage::Lobby) else {
            return;
        };
        let record = game.record();
        let revealed = std::mem::replace(&mut self.secret, next);
        for seat in &mut self.seats {
            seat.stand_in = false;
        }
        self.turn_deadline = None;
        let over = Event::Over {
            game: self.games,
            winner: winner.to_string(),
            record: code::encode(&record).unwrap_or_default(),
            seed: record.seed.to_string(),
            reveal: revealed.reveal(),
            nonces: self.nonces.clone(),
            next_commit: self.secret.commitment(),
        };
        self.stage = Stage::Over { game };
        self.emit(out, over);
    }

    /// What happens when time passes: the turn timer runs out (the
    /// computer stands in), or a player has been gone long enough (with
    /// the turn timer on).
    pub fn tick(&mut self, now: Instant) -> Vec<Numbered> {
        let mut out = Vec::new();
        if !self.is_playing() {
            return out;
        }
        if let (Some((d, at)), Some(seat)) = (self.turn_deadline, self.turn_seat())
            && d == self.decision
            && now >= at
            && !self.computer_plays(seat)
        {
            self.seats[seat].stand_in = true;
            self.emit(
                &mut out,
                Event::StandIn {
                    seat,
                    on: true,
                    reason: StandInReason::Timer,
                },
            );
        }
        if self.settings.turn_timer.is_some() {
            for seat in 0..self.seats.len() {
                let Some(holder) = self.seats[seat].holder else {
                    continue;
                };
                let gone = self.members.get(holder).and_then(|m| m.away_since);
                if !self.seats[seat].stand_in
                    && gone.is_some_and(|since| now >= since + self.away_after)
                {
                    self.seats[seat].stand_in = true;
                    self.emit(
                        &mut out,
                        Event::StandIn {
                            seat,
                            on: true,
                            reason: StandInReason::Away,
                        },
                    );
                }
            }
        }
        self.advance(now, &mut out);
        out
    }

    /// When [`Room::tick`] has something to do next, if ever.
    pub fn next_deadline(&self) -> Option<Instant> {
        if !self.is_playing() {
            return None;
        }
        let turn = self
            .turn_deadline
            .filter(|(d, _)| *d == self.decision)
            .map(|(_, at)| at);
        let away = if self.settings.turn_timer.is_some() {
            self.seats
                .iter()
                .filter(|s| !s.stand_in)
                .filter_map(|s| self.members.get(s.holder?)?.away_since)
                .map(|since| since + self.away_after)
                .min()
        } else {
            None
        };
        match (turn, away) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

fn bad_nonce() -> Refusal {
    refuse(
        ErrorCode::BadNonce,
        "a nonce is 1 to 64 characters of A-Z a-z 0-9 - _",
    )
}
