//! The game state in one place: a plain struct with intent methods (roll,
//! select, move to, drop a barricade, pass, undo, redo, the computer's
//! turn). The rules engine decides every rule; this keeps two things
//! apart: the game (its choices, the engine's game, the pawns, the log and
//! redo history, and how it is played: [`PlayMode`], here, by link or in
//! an online room) and what the player is doing on the board
//! ([`BoardView`]: the selection, a move waiting for its drop square, a
//! pawn walking, the news and the hint).

pub mod analysis;
pub mod geometry;
pub mod language;
pub mod link;
pub mod log;
pub mod mode;
pub mod online;
pub mod pieces;
pub mod replay;
pub mod save;
pub mod scene;
pub mod settings;
pub mod setup;
pub mod sound;
pub mod view;

use barricade_rules::{
    Candidate, Colour, ColourSet, Game, GameRecord, Move, MoveList, Origin, Phase, Position, Roll,
    Square, SquareSet, Team,
};
use log::Entry;
pub use mode::PlayMode;
use pieces::Pieces;
use setup::{SeatKind, SetupChoices};
pub use view::{BoardView, News, Walk};

/// A decision the computer player to move has to make.
#[derive(Clone, Debug)]
pub struct ComputerQuestion {
    /// The player's level.
    pub level: barricade_ai::Level,
    /// The seed for the bot's randomness (fixed per ply, so replays agree).
    pub seed: u64,
    /// The position to decide in.
    pub position: Position,
    /// The state's version when asked (see [`GameState::version`]).
    pub version: u64,
}

/// One game as the app sees it.
#[derive(Clone, Debug)]
pub struct GameState {
    choices: SetupChoices,
    game: Game,
    pieces: Pieces,
    log: Vec<Entry>,
    redo: Vec<Move>,
    version: u64,
    /// Grows when what is saved changes (see [`GameState::revision`]).
    revision: u64,
    /// Played here, by link or in an online room.
    mode: PlayMode,
    /// What the player is doing on the board (selection, a drop to make, a
    /// walking pawn, news, hint): view state, not the game.
    view: BoardView,
    /// Should pawns walk (false: moves are instant)?
    pub animate: bool,
}

impl GameState {
    /// A new game with these choices and dice seed.
    ///
    /// ```
    /// use barricade_web::state::{GameState, setup::SetupChoices};
    /// let state = GameState::new(SetupChoices::default(), 7).unwrap();
    /// assert!(state.log().is_empty());
    /// ```
    pub fn new(choices: SetupChoices, seed: u64) -> Result<GameState, String> {
        let seats = choices.seats().map_err(|e| e.to_string())?;
        Ok(GameState::with_game(
            choices,
            Game::new_on(choices.board, choices.rules, seats, seed),
        ))
    }

    /// A state around a new `game`; in a game by link, this device plays
    /// the colour to move.
    fn with_game(choices: SetupChoices, game: Game) -> GameState {
        let mode = PlayMode::new(choices.by_link, game.position().turn(), 0);
        GameState {
            choices,
            game,
            pieces: Pieces::default(),
            log: Vec::new(),
            redo: Vec::new(),
            version: 0,
            revision: next_revision(),
            mode,
            view: BoardView::default(),
            animate: false,
        }
    }

    /// The game of `record`, replayed, with these choices (whose colours
    /// and rules must be the record's). In a game by link, this device
    /// then plays the colour to move.
    pub fn from_record(choices: SetupChoices, record: &GameRecord) -> Result<GameState, String> {
        let colours: ColourSet = choices.colours().into_iter().collect();
        if colours != record.seats.colour_set()
            || choices.rules != record.rules
            || choices.board != record.board
        {
            return Err("the board, seats or rules do not match the game".into());
        }
        let game = Game::new_on(record.board, record.rules, record.seats, record.seed);
        let mut state = GameState::with_game(choices, game);
        for (ply, &mv) in record.moves.iter().enumerate() {
            state.game.roll_if_due();
            if !state.apply(mv, false) {
                let name = record.board.board().move_name(mv);
                return Err(format!("move {} ({name}) is not legal", ply + 1));
            }
        }
        if record.rolled {
            state.game.roll_if_due();
        }
        state.view.news = None;
        state.mode = PlayMode::new(choices.by_link, state.turn(), record.moves.len());
        Ok(state)
    }

    // ---- What the state is ----

    /// The new-game choices of this game.
    pub fn choices(&self) -> &SetupChoices {
        &self.choices
    }

    /// The rules engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }

    /// The colour to play.
    pub fn turn(&self) -> Colour {
        self.position().turn()
    }

    /// Who plays the colour to move.
    pub fn turn_kind(&self) -> SeatKind {
        self.choices.kind(self.turn())
    }

    /// The winning team, once the game is over.
    pub fn winner(&self) -> Option<Team> {
        self.position().winner()
    }

    /// The record's link code (empty if the engine cannot encode it).
    /// In an online room it is empty until the end: the server's seed,
    /// which the record names, is revealed only then.
    pub fn code(&self) -> String {
        if self.mode.in_room() {
            return String::new();
        }
        self.game.record().to_code().unwrap_or_default()
    }

    /// The decisions so far, as the log shows them.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// Which drawn pawn is where.
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// The selected pawn's origin.
    pub fn selected(&self) -> Option<Origin> {
        self.view.selected
    }

    /// The barricade-taking move waiting for its drop square.
    pub fn pending(&self) -> Option<Candidate> {
        self.view.pending
    }

    /// The pawn walking now, if any.
    pub fn walk(&self) -> Option<&Walk> {
        self.view.walk.as_ref()
    }

    /// What just happened.
    pub fn news(&self) -> Option<News> {
        self.view.news
    }

    /// Grows with every change of the game (to drop stale timers).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Changes when what is saved and shared changes (a new game, a roll, a
    /// decision, a move waiting for its drop square, an undo or redo), and
    /// not with a selection, a hint or a step of a walking pawn: the page
    /// encodes the record (saves it, shows its link) only when this
    /// changes. No two different states have the same revision.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// In a game by link, once this device has played its turn: the
    /// colour the link goes to next (`None` while it is this device's
    /// turn). After the last move the link goes to everyone, and this is
    /// the colour that would have played next.
    pub fn link_goes_to(&self) -> Option<Colour> {
        let (mine, floor) = self.mode.link()?;
        let turn = self.turn();
        (self.log.len() > floor && (turn != mine || self.winner().is_some())).then_some(turn)
    }

    /// In a game by link: the colour this device plays and the number of
    /// decisions made before it took the game.
    pub fn link(&self) -> Option<(Colour, usize)> {
        self.mode.link()
    }

    /// How this game is played: here, by link or in an online room.
    pub fn mode(&self) -> &PlayMode {
        &self.mode
    }

    /// Is it a person's turn at this device (not a computer's, not over,
    /// not waiting for another player's link)?
    pub fn human_to_play(&self) -> bool {
        !self.turn_kind().is_computer()
            && self.winner().is_none()
            && self.link_goes_to().is_none()
            && match self.mode {
                PlayMode::Room {
                    playable, waiting, ..
                } => playable.contains(self.turn()) && !waiting,
                _ => true,
            }
    }

    /// The moves stacked for redo, next one last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// The legal pawn moves now.
    pub fn moves(&self) -> MoveList {
        self.position().legal_moves()
    }

    /// Is a move waiting for input on the board (not walking, no drop)?
    fn choosing_move(&self) -> bool {
        self.view.walk.is_none()
            && self.view.pending.is_none()
            && matches!(self.phase(), Phase::Move(_))
    }

    /// The origins of the pawns that may move now.
    pub fn origins(&self) -> Vec<Origin> {
        if !self.choosing_move() {
            return Vec::new();
        }
        let mut out: Vec<Origin> = Vec::new();
        for c in self.moves().iter() {
            if !out.contains(&c.from()) {
                out.push(c.from());
            }
        }
        out
    }

    /// The moves of the selected pawn.
    pub fn destinations(&self) -> Vec<Candidate> {
        match self.view.selected {
            Some(from) if self.choosing_move() => self
                .moves()
                .iter()
                .filter(|c| c.from() == from)
                .copied()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Every square some pawn may move to now.
    pub fn targets(&self) -> SquareSet {
        if !self.choosing_move() {
            return SquareSet::EMPTY;
        }
        self.moves().iter().map(|c| c.to()).collect()
    }

    /// Is a barricade to be put down now (after taking one, or a held one
    /// in the french rules)?
    pub fn dropping(&self) -> bool {
        self.view.walk.is_none() && (self.view.pending.is_some() || self.phase() == Phase::Place)
    }

    /// Where the barricade may be put now.
    pub fn drop_squares(&self) -> SquareSet {
        if self.view.walk.is_some() {
            SquareSet::EMPTY
        } else if let Some(c) = self.view.pending {
            self.moves().drop_squares(&c)
        } else if self.phase() == Phase::Place {
            self.position().placement_squares()
        } else {
            SquareSet::EMPTY
        }
    }

    /// May the player pass now (the rules allow it, nothing is half done)?
    pub fn can_pass(&self) -> bool {
        self.view.walk.is_none() && self.view.pending.is_none() && self.moves().can_pass()
    }

    /// Has the player rolled and no pawn can move?
    pub fn stuck(&self) -> bool {
        self.choosing_move() && self.moves().is_empty()
    }

    /// The french choice after a 6: roll again or end the turn.
    pub fn choosing_again(&self) -> bool {
        self.view.walk.is_none() && self.phase() == Phase::ChooseAgain
    }

    /// How many decisions an undo takes back (0: nothing to undo). It goes
    /// back to the last decision of a person, taking back the computer's
    /// replies after it.
    /// In a game by link, only this device's own decisions can be taken
    /// back (until the link is sent, the others have not seen them).
    pub fn undo_depth(&self) -> usize {
        if self.view.pending.is_some() || self.mode.is_room_game() {
            return 0;
        }
        let floor = self.mode.link().map_or(0, |(_, floor)| floor);
        match self
            .log
            .iter()
            .rposition(|e| !self.choices.kind(e.colour).is_computer())
        {
            Some(i) if i >= floor => self.log.len() - i,
            _ => 0,
        }
    }

    /// Can the last decision (or a half-done move) be taken back?
    pub fn can_undo(&self) -> bool {
        self.view.pending.is_some() || self.undo_depth() > 0
    }

    /// Can an undone decision be played again?
    pub fn can_redo(&self) -> bool {
        self.view.pending.is_none() && !self.redo.is_empty()
    }

    // ---- Intents ----

    /// Rolls the die, if a roll is due. Selects the only pawn that can move.
    pub fn roll(&mut self) -> Option<Roll> {
        if self.mode.in_room() {
            self.ask(mode::Outgoing::Roll);
            return None;
        }
        self.finish_walk();
        let roll = self.game.roll().ok()?;
        self.rolled(roll, true);
        Some(roll)
    }

    /// After a roll: the news, and the only pawn that can move selected
    /// (when `select_only`).
    fn rolled(&mut self, roll: Roll, select_only: bool) {
        let colour = self.turn();
        self.view.selected = None;
        self.view.news = Some(if self.stuck() {
            News::Stuck(colour, roll)
        } else {
            News::Rolled(colour, roll)
        });
        if let [only] = self.origins()[..]
            && select_only
        {
            self.view.selected = Some(only);
        }
        self.changed();
    }

    /// Selects the pawn at `origin` (or unselects it when it was selected).
    /// Returns whether it may move.
    pub fn select(&mut self, origin: Origin) -> bool {
        if !self.origins().contains(&origin) {
            return false;
        }
        self.view.selected = if self.view.selected == Some(origin) && self.origins().len() > 1 {
            None
        } else {
            Some(origin)
        };
        self.version += 1;
        true
    }

    /// A click on pawn `number` of `colour`: selects it if it may move,
    /// otherwise counts as a click on its square (a capture, a drop).
    pub fn click_pawn(&mut self, colour: Colour, number: usize) -> bool {
        let origin = self.pieces.at(colour, number);
        if colour == self.turn() && self.choosing_move() && self.select(origin) {
            return true;
        }
        origin.square().is_some_and(|s| self.click_square(s))
    }

    /// A click on square `s`: drops the barricade there, moves the selected
    /// pawn there, or moves the only pawn that can go there.
    pub fn click_square(&mut self, s: Square) -> bool {
        if self.dropping() {
            return self.drop_barricade(s);
        }
        if !self.choosing_move() {
            return false;
        }
        let moves = self.moves();
        let chosen = match self.view.selected.and_then(|from| moves.find(from, s)) {
            Some(c) => Some(c),
            None => {
                let mut to_s = moves.iter().filter(|c| c.to() == s);
                match (to_s.next(), to_s.next()) {
                    (Some(&c), None) => Some(c),
                    _ => None,
                }
            }
        };
        match chosen {
            Some(c) => self.move_to(c),
            None => false,
        }
    }

    /// Plays candidate `c`; a move that takes a barricade waits for its
    /// drop square (see [`GameState::drop_barricade`]).
    pub fn move_to(&mut self, c: Candidate) -> bool {
        let moves = self.moves();
        if !self.choosing_move() || moves.find(c.from(), c.to()) != Some(c) {
            return false;
        }
        if c.takes_barricade() && moves.needs_drop() {
            let colour = self.turn();
            let number = self.pieces.number_at(colour, c.from()).unwrap_or(0);
            self.view.pending = Some(c);
            self.view.selected = None;
            self.view.walk = self.animate.then(|| Walk {
                colour,
                number,
                path: c.path().to_vec(),
                step: 0,
                captured: None,
            });
            self.changed();
            true
        } else {
            self.decide(c.to_move(None), self.animate)
        }
    }

    /// Puts the barricade down on `s` (after taking one, or a held one).
    pub fn drop_barricade(&mut self, s: Square) -> bool {
        if !self.drop_squares().contains(s) {
            return false;
        }
        match self.view.pending {
            Some(c) => self.decide(c.to_move(Some(s)), false),
            None => self.decide(Move::Place(s), false),
        }
    }

    /// Passes, when the rules allow it now.
    pub fn pass(&mut self) -> bool {
        self.can_pass() && self.decide(Move::Pass, false)
    }

    /// French: rolls again after a 6 (the next roll moves the same pawn).
    pub fn again(&mut self) -> bool {
        self.choosing_again() && self.decide(Move::Again, false)
    }

    /// Drops the selection, or takes back a half-done barricade move.
    pub fn cancel(&mut self) -> bool {
        if self.view.pending.take().is_some() {
            self.view.walk = None;
            self.changed();
            return true;
        }
        if self.view.selected.take().is_some() {
            self.version += 1;
            return true;
        }
        false
    }

    /// Takes back the last decision of a person (and the computer's
    /// replies after it), or a half-done barricade move.
    pub fn undo(&mut self) -> bool {
        if self.view.pending.is_some() {
            return self.cancel();
        }
        let depth = self.undo_depth();
        if depth == 0 {
            return false;
        }
        let mut record = self.game.record();
        let keep = record.moves.len().saturating_sub(depth);
        let undone = record.moves.split_off(keep);
        record.rolled = true;
        let Ok(mut state) = GameState::from_record(self.choices, &record) else {
            return false;
        };
        state.redo = std::mem::take(&mut self.redo);
        state.redo.extend(undone.iter().rev());
        state.mode = self.mode;
        state.animate = self.animate;
        state.version = self.version + 1;
        state.revision = next_revision();
        state.view.news = Some(News::Undone);
        *self = state;
        true
    }

    /// Plays `mv`, the next decision of a recorded game (rolling the die
    /// first when a roll is due); the pawn walks when `animate` is on.
    /// Returns whether the rules accepted it.
    pub fn play_recorded(&mut self, mv: Move) -> bool {
        self.finish_walk();
        self.game.roll_if_due();
        self.apply(mv, self.animate)
    }

    /// Plays the next undone decision again.
    pub fn redo(&mut self) -> bool {
        let Some(&mv) = self.redo.last() else {
            return false;
        };
        if self.view.pending.is_some() {
            return false;
        }
        let done = self.play_recorded(mv);
        if done {
            self.view.news = Some(News::Redone);
        } else {
            self.redo.clear();
        }
        done
    }

    /// The computer's step when it is its turn: a roll, or its decision
    /// from `barricade-ai` (computed here, on the calling thread; the page
    /// asks its web worker instead, through [`GameState::computer_question`]).
    /// Returns whether it did something.
    pub fn play_computer(&mut self) -> bool {
        if self.computer_rolls() {
            return self.roll().is_some();
        }
        let Some(question) = self.computer_question() else {
            return false;
        };
        match barricade_ai::choose(&question.position, question.level, question.seed) {
            Some(mv) => self.play_computer_answer(question.version, mv),
            None => false,
        }
    }

    /// Is it a computer's turn to roll the die?
    pub fn computer_rolls(&self) -> bool {
        self.turn_kind().is_computer()
            && self.view.walk.is_none()
            && self.view.pending.is_none()
            && self.phase() == Phase::Roll
    }

    /// What to ask the computer player whose turn it is, when it has a
    /// decision to make (not a roll, not while a pawn walks, not at the end).
    pub fn computer_question(&self) -> Option<ComputerQuestion> {
        let SeatKind::Computer(level) = self.turn_kind() else {
            return None;
        };
        if self.view.walk.is_some() || self.view.pending.is_some() {
            return None;
        }
        match self.phase() {
            Phase::Over(_) | Phase::Roll => None,
            _ => Some(ComputerQuestion {
                level,
                seed: self.game.seed()
                    ^ (self.log.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                position: *self.position(),
                version: self.version,
            }),
        }
    }

    /// What to ask the master bot for a hint: when a person has a decision
    /// to make (not a roll, not while a pawn walks, not at the end).
    pub fn hint_question(&self) -> Option<ComputerQuestion> {
        if self.turn_kind().is_computer() || self.view.walk.is_some() {
            return None;
        }
        match self.phase() {
            Phase::Over(_) | Phase::Roll => None,
            _ => Some(ComputerQuestion {
                level: barricade_ai::Level::Master,
                seed: self.game.seed(),
                position: *self.position(),
                version: self.version,
            }),
        }
    }

    /// Shows the master bot's suggestion `mv` for `position` (on the board
    /// and in the live region) without playing it; ignored if the game has
    /// moved on since it was asked.
    pub fn show_hint(&mut self, position: Position, mv: Move) -> bool {
        if position != *self.position() {
            return false;
        }
        self.view.hint = Some((position, mv));
        self.view.news = Some(News::Hint(position.roll(), mv));
        true
    }

    /// The hint for the current position, if one was asked for. It stays
    /// while the player selects and cancels, and goes with the position.
    pub fn hint(&self) -> Option<Move> {
        self.view
            .hint
            .filter(|(p, _)| p == self.position())
            .map(|(_, mv)| mv)
    }

    /// Plays the computer's answer to the question asked at `version`; does
    /// nothing if the game has moved on since (an undo, a new game).
    pub fn play_computer_answer(&mut self, version: u64, mv: Move) -> bool {
        version == self.version
            && self.computer_question().is_some()
            && self.apply(mv, self.animate)
    }

    /// One step of the walking pawn; returns whether it still walks.
    pub fn advance_walk(&mut self) -> bool {
        if let Some(walk) = &mut self.view.walk {
            walk.step += 1;
            if walk.step + 1 >= walk.path.len() {
                self.view.walk = None;
            }
            self.version += 1;
        }
        self.view.walk.is_some()
    }

    /// Ends the walk at once.
    pub fn finish_walk(&mut self) {
        if self.view.walk.take().is_some() {
            self.version += 1;
        }
    }

    /// Plays `mv` through the engine and follows it in the pieces, log and
    /// redo stack. `walk`: show the pawn walking its path.
    fn apply(&mut self, mv: Move, walk: bool) -> bool {
        let before = *self.position();
        let path = if walk { before.path(mv) } else { None };
        if self.game.play(mv).is_err() {
            return false;
        }
        let moved = self.pieces.follow(&before, self.game.position(), mv);
        let took_barricade = match mv {
            Move::Step { from, to, .. } => before
                .legal_moves()
                .find(from, to)
                .is_some_and(|c| c.takes_barricade()),
            _ => false,
        };
        let entry = Entry {
            colour: before.turn(),
            roll: before.roll(),
            mv,
            captured: moved.and_then(|m| m.captured).map(|(c, _)| c),
            took_barricade,
        };
        self.log.push(entry);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.view.selected = None;
        self.view.pending = None;
        self.view.news = Some(News::Played(entry));
        self.view.walk = match (moved, path) {
            (Some(m), Some(path)) if path.len() > 1 => Some(Walk {
                colour: m.colour,
                number: m.number,
                captured: m
                    .captured
                    .map(|(c, n)| (c, n, path.last().unwrap_or(Square::GOAL))),
                path: path.to_vec(),
                step: 0,
            }),
            _ => None,
        };
        self.changed();
        true
    }

    /// Marks a change of what is saved (and so of the game).
    fn changed(&mut self) {
        self.version += 1;
        self.revision = next_revision();
    }
}

/// A number no other state of this program has had: two states with the
/// same [`GameState::revision`] save and share the same text.
fn next_revision() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

#[cfg(test)]
mod tests;
