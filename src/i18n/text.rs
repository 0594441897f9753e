//! Every user-visible string: [`Text`] names each one, the language files
//! hold them (see [`crate::i18n`]) and the functions here fill in their
//! values. Components never hard-code text.

pub use crate::i18n::Text;
use crate::i18n::{Arg, Words};

use crate::state::News;
use crate::state::replay::LinkProblem;
use crate::state::scene::Place;
use crate::state::settings::Speed;
use crate::state::setup::SeatKind;
use barricade_ai::Level;
use barricade_rules::code::CodeErrorKind;
use barricade_rules::{
    Board, Candidate, Colour, Move, Opening, Origin, Position, Roll, Square, SquareSet, Team,
};

/// What the player to move should do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Roll the die.
    Roll,
    /// Choose a pawn.
    ChoosePawn,
    /// Choose a pawn, or pass (the rules allow passing with a move).
    ChoosePawnOrPass,
    /// Choose where the selected pawn goes.
    ChooseSquare,
    /// Choose where the selected pawn goes, or pass.
    ChooseSquareOrPass,
    /// French: the pawn next to the goal bounces off it.
    Bounce,
    /// Put the barricade down.
    Drop,
    /// No pawn can move: the turn passes.
    Stuck,
    /// French: roll again or end the turn.
    Again,
    /// The computer is playing.
    Thinking,
    /// A pawn is walking.
    Walking,
}

impl Words {
    /// The name of a colour, as in a list of players.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::Colour;
    /// assert_eq!(words.colour_name(Colour::Red), "Red");
    /// ```
    pub fn colour_name(self, colour: Colour) -> &'static str {
        self.colour_form(colour, 0)
    }

    /// A team's name: its colours joined by "and".
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::{Colour, ColourSet};
    /// let team: ColourSet = [Colour::Red, Colour::Yellow].into_iter().collect();
    /// assert_eq!(words.team_name(team), "Red and Yellow");
    /// ```
    pub fn team_name(self, team: Team) -> String {
        self.fill_in_one("{0}", Arg::Team(team))
    }

    /// `template` with one value filled in.
    fn fill_in_one(self, template: &str, arg: Arg) -> String {
        self.fill_in(template, &[arg])
    }

    /// The name of a kind of player.
    pub fn seat_kind(self, kind: SeatKind) -> &'static str {
        self.t(match kind {
            SeatKind::Human => Text::Person,
            SeatKind::Computer(Level::Easy) => Text::ComputerEasy,
            SeatKind::Computer(Level::Medium) => Text::ComputerMedium,
            SeatKind::Computer(Level::Hard) => Text::ComputerHard,
            SeatKind::Computer(Level::Master) => Text::ComputerMaster,
        })
    }

    /// The name of a rule preset, as the box it comes from is known.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// assert_eq!(words.preset_name("start-roll"), "Barricade (Jumbo)");
    /// ```
    pub fn preset_name(self, preset: &str) -> &'static str {
        self.t(match preset {
            "ravensburger" => Text::PresetRavensburger,
            "start-roll" => Text::PresetStartRoll,
            "barricade" => Text::PresetBarricade,
            "french" => Text::PresetFrench,
            _ => Text::PresetCustom,
        })
    }

    /// One line on how a rule preset differs from the others.
    pub fn preset_summary(self, preset: &str) -> &'static str {
        self.t(match preset {
            "ravensburger" => Text::SummaryRavensburger,
            "start-roll" => Text::SummaryStartRoll,
            "barricade" => Text::SummaryBarricade,
            "french" => Text::SummaryFrench,
            _ => Text::SummaryCustom,
        })
    }

    /// The name of an animation speed.
    pub fn speed_name(self, speed: Speed) -> &'static str {
        self.t(match speed {
            Speed::Slow => Text::SpeedSlow,
            Speed::Normal => Text::SpeedNormal,
            Speed::Fast => Text::SpeedFast,
            Speed::Instant => Text::SpeedInstant,
        })
    }

    /// The status line for `colour` and `prompt`.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::Colour;
    /// use barricade_web::i18n::text::Prompt;
    /// assert_eq!(words.prompt(Colour::Red, Prompt::Roll), "Red: roll the die.");
    /// ```
    pub fn prompt(self, colour: Colour, prompt: Prompt) -> String {
        let text = match prompt {
            Prompt::Roll => Text::PromptRoll,
            Prompt::ChoosePawn => Text::PromptChoosePawn,
            Prompt::ChoosePawnOrPass => Text::PromptChoosePawnOrPass,
            Prompt::ChooseSquare => Text::PromptChooseSquare,
            Prompt::ChooseSquareOrPass => Text::PromptChooseSquareOrPass,
            Prompt::Bounce => Text::PromptBounce,
            Prompt::Drop => Text::PromptDrop,
            Prompt::Stuck => Text::PromptStuck,
            Prompt::Again => Text::PromptAgain,
            Prompt::Thinking => Text::PromptThinking,
            Prompt::Walking => Text::PromptWalking,
        };
        self.fill(text, &[Arg::Colour(colour)])
    }

    /// A seated player of a room as the status line names them: the name
    /// typed and the colour, or the colour alone.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::Colour;
    /// assert_eq!(words.seat_player(Colour::Yellow, Some("Bob")), "Bob (Yellow)");
    /// assert_eq!(words.seat_player(Colour::Yellow, Some("")), "Yellow");
    /// assert_eq!(words.seat_player(Colour::Yellow, None), "Yellow");
    /// ```
    pub fn seat_player(self, colour: Colour, name: Option<&str>) -> String {
        match name {
            Some(name) if !name.is_empty() => format!("{name} ({})", self.colour_name(colour)),
            _ => self.colour_name(colour).to_string(),
        }
    }

    /// `text` with one value of words (a name, a time) filled in.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_web::i18n::text::Text;
    /// assert_eq!(words.fill_str(Text::PromptWaiting, "Bob (Yellow)"), "Waiting for Bob (Yellow) to play.");
    /// ```
    pub fn fill_str(self, text: Text, words: &str) -> String {
        self.fill(text, &[Arg::Str(words)])
    }

    /// A turn timer in words: "30 s", "1 min", "90 s".
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// assert_eq!(words.timer_words(30), "30 s");
    /// assert_eq!(words.timer_words(120), "2 min");
    /// assert_eq!(words.timer_words(90), "90 s");
    /// ```
    pub fn timer_words(self, seconds: u32) -> String {
        if seconds >= 60 && seconds.is_multiple_of(60) {
            self.fill(Text::TimeMinutes, &[Arg::Num((seconds / 60).into())])
        } else {
            self.fill(Text::TimeSeconds, &[Arg::Num(seconds.into())])
        }
    }

    /// The turn marker: "Red's turn".
    pub fn whose_turn(self, colour: Colour) -> String {
        self.fill(Text::WhoseTurn, &[Arg::Colour(colour)])
    }

    /// The end-screen headline.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::{Colour, ColourSet};
    /// assert_eq!(words.wins(ColourSet::single(Colour::Blue)), "Blue wins!");
    /// ```
    pub fn wins(self, team: Team) -> String {
        let text = if team.len() > 1 {
            Text::WinsTeam
        } else {
            Text::WinsOne
        };
        self.fill(text, &[Arg::Team(team)])
    }

    /// A decision on `board` as the log shows it, e.g. "4 · k9-i9 x g8". The
    /// french choice after a 6 is in the buttons' words: "roll again", "end
    /// turn" (a pass with no roll is that choice).
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::{Board, Move, Roll};
    /// let board = Board::classic();
    /// assert_eq!(words.log_line(board, Roll::new(3), Move::Pass), "3 · pass");
    /// assert_eq!(words.log_line(board, None, Move::Pass), "end turn");
    /// assert_eq!(words.log_line(board, None, Move::Again), "roll again");
    /// let quick = Board::quick();
    /// let mv = quick.parse_move("forest-i5").unwrap();
    /// assert_eq!(words.log_line(quick, Roll::new(1), mv), "1 · forest-i5");
    /// ```
    pub fn log_line(self, board: &Board, roll: Option<Roll>, mv: Move) -> String {
        match (roll, mv) {
            (None, Move::Pass) => self.t(Text::LogEndTurn).into(),
            (_, Move::Again) => self.t(Text::LogRollAgain).into(),
            (Some(r), _) => format!("{r} · {}", board.move_name(mv)),
            (None, _) => board.move_name(mv),
        }
    }

    /// The opening rolls of `start-roll` and `french`: every roll, who starts
    /// (moving with the opening roll, or rolling again to begin) and the order
    /// of play.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::{Opening, Rules, ScriptedDice, Seats};
    /// let o = Opening::roll(Rules::preset("french").unwrap(), Seats::default(),
    ///     &mut ScriptedDice::new(&[3, 5, 5, 1, 6, 2])).unwrap();
    /// assert_eq!(words.opening(&o),
    ///     "Opening rolls: Red 3, Green 5, Yellow 5, Blue 1; tie: Green 6, Yellow 2. \
    ///      Green starts and rolls again to begin. Order of play: Green, Yellow, Red, Blue.");
    /// ```
    pub fn opening(self, o: &Opening) -> String {
        let rounds: Vec<String> = o
            .rounds
            .iter()
            .map(|round| {
                let rolls: Vec<String> = round
                    .iter()
                    .map(|&(c, r)| format!("{} {r}", self.colour_name(c)))
                    .collect();
                rolls.join(", ")
            })
            .collect();
        let n = o.seats.len();
        let order: Vec<Colour> = (0..n)
            .filter_map(|i| o.seats.colour((o.first + i) % n))
            .collect();
        let names: Vec<&str> = order.iter().map(|&c| self.colour_name(c)).collect();
        let first = Arg::Colour(order.first().copied().unwrap_or(Colour::Red));
        let start = match o.roll {
            Some(r) => self.fill(Text::StartsAndMoves, &[first, Arg::Num(r.get().into())]),
            None => self.fill(Text::StartsAndRolls, &[first]),
        };
        let tie = format!("; {}: ", self.t(Text::OpeningTie));
        self.fill(
            Text::OpeningRolls,
            &[
                Arg::Str(&rounds.join(&tie)),
                Arg::Str(&start),
                Arg::Str(&names.join(", ")),
            ],
        )
    }

    /// What just happened on `board`, for screen readers.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::{Board, Colour, Roll};
    /// use barricade_web::state::News;
    /// let rolled = News::Rolled(Colour::Red, Roll::new(4).unwrap());
    /// assert_eq!(words.news(Board::classic(), rolled), "Red rolled 4");
    /// ```
    pub fn news(self, board: &Board, news: News) -> String {
        let name = |s: Square| board.name(s);
        match news {
            News::Rolled(c, r) => self.fill(Text::NewsRolled, &[Arg::Colour(c), roll_value(r)]),
            News::Stuck(c, r) => self.fill(Text::NewsStuck, &[Arg::Colour(c), roll_value(r)]),
            News::Played(e) => {
                let who = Arg::Colour(e.colour);
                match (e.mv, e.captured) {
                    (Move::Step { to, .. }, Some(victim)) => self.fill(
                        Text::NewsCaptured,
                        &[who, Arg::Colour(victim), Arg::Str(&name(to))],
                    ),
                    (Move::Step { to, drop, .. }, None) => match drop {
                        Some(d) => self.fill(
                            Text::NewsMovedAndDropped,
                            &[who, Arg::Str(&name(to)), Arg::Str(&name(d))],
                        ),
                        None => self.fill(Text::NewsMoved, &[who, Arg::Str(&name(to))]),
                    },
                    (Move::Pass, _) if e.roll.is_none() => self.fill(Text::NewsEndedTurn, &[who]),
                    (Move::Pass, _) => self.fill(Text::NewsPassed, &[who]),
                    (Move::Place(s), _) => self.fill(Text::NewsPlaced, &[who, Arg::Str(&name(s))]),
                    (Move::Again, _) => self.fill(Text::NewsRollsAgain, &[who]),
                }
            }
            News::Undone => self.t(Text::NewsUndone).to_string(),
            News::Redone => self.t(Text::NewsRedone).to_string(),
            News::Hint(roll, mv) => {
                self.fill(Text::NewsHint, &[Arg::Str(&self.log_line(board, roll, mv))])
            }
        }
    }

    /// Accessible name of a pawn on `board`.
    pub fn pawn_label(self, board: &Board, colour: Colour, at: Place) -> String {
        let who = Arg::Colour(colour);
        match at {
            Place::On(s) => self.fill(Text::PawnOn, &[who, Arg::Str(&board.name(s))]),
            Place::Home(_) => self.fill(Text::PawnAtHome, &[who]),
            Place::Forest(_) => self.fill(Text::PawnInForest, &[who]),
        }
    }

    /// A legal move of the player to move in `position`, in words: the pawn,
    /// where it goes, and a barricade taken or a pawn sent home (or to the
    /// forest).
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=4 red=c5 blue=g5".parse().unwrap();
    /// let to_g5 = pos.legal_moves().iter().find(|c| pos.board().name(c.to()) == "g5").copied().unwrap();
    /// assert_eq!(words.move_words(&pos, to_g5), "Red pawn on c5 to g5, sends Blue home");
    /// // On the quick board a pawn captured in the village goes to the forest.
    /// let pos: Position = "board=quick roll=1 red=e7 blue=f7".parse().unwrap();
    /// let to_f7 = pos.legal_moves().iter().find(|c| pos.board().name(c.to()) == "f7").copied().unwrap();
    /// assert_eq!(words.move_words(&pos, to_f7), "Red pawn on e7 to f7, sends Blue to the forest");
    /// ```
    pub fn move_words(self, position: &Position, c: Candidate) -> String {
        let board = position.board();
        let colour = position.turn();
        let at = match c.from() {
            Origin::Square(s) => Place::On(s),
            Origin::Home => Place::Home(0),
            Origin::Forest => Place::Forest(0),
        };
        let pawn = self.pawn_label(board, colour, at);
        let to = board.name(c.to());
        let (pawn, to) = (Arg::Str(&pawn), Arg::Str(&to));
        match position.captured_at(c.to()) {
            Some(victim) => {
                let text = match board.captured_goes_to(c.to()) {
                    Origin::Forest => Text::WordsMoveToForest,
                    _ => Text::WordsMoveCapture,
                };
                self.fill(text, &[pawn, to, Arg::Colour(victim)])
            }
            None if c.takes_barricade() => self.fill(Text::WordsMoveBarricade, &[pawn, to]),
            None if c.is_bounce() => self.fill(Text::WordsMoveBounce, &[pawn, to]),
            None => self.fill(Text::WordsMove, &[pawn, to]),
        }
    }

    /// The position in words, a line each: where each colour's pawns are, the
    /// barricades, and who leads (the pawn nearest the goal, until one is on
    /// it).
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::Position;
    /// let pos: Position = "seats=red,blue red=c5,g9".parse().unwrap();
    /// assert_eq!(words.position_words(&pos), [
    ///     "Red: g9, c5; 3 pawns at home",
    ///     "Blue: 5 pawns at home",
    ///     "Barricades: i13, i11, i10, i9, g7, k7, a3, e3, i3, m3, q3",
    ///     "Red leads, 23 steps from the goal",
    /// ]);
    /// ```
    pub fn position_words(self, position: &Position) -> Vec<String> {
        let board = position.board();
        let names = |set: SquareSet| {
            let mut names = String::new();
            for s in set {
                if !names.is_empty() {
                    names += ", ";
                }
                names += &board.name(s);
            }
            names
        };
        let mut lines = Vec::new();
        let mut lead: Option<(u8, Colour)> = None;
        for &c in position.seats().colours() {
            let on = position.pawns(c);
            let mut parts = Vec::new();
            if !on.is_empty() {
                parts.push(names(on));
            }
            for (n, text) in [
                (position.at_home(c), Text::WordsHome),
                (position.in_forest(c), Text::WordsForest),
            ] {
                if n > 0 {
                    parts.push(self.fill(text, &[Arg::Num(n as u64)]));
                }
            }
            lines.push(format!("{}: {}", self.colour_name(c), parts.join("; ")));
            for s in on {
                let d = board.to_goal(s);
                if lead.is_none_or(|(best, _)| d < best) {
                    lead = Some((d, c));
                }
            }
        }
        lines.push(self.fill(
            Text::WordsBarricades,
            &[Arg::Str(&names(position.barricades()))],
        ));
        // (A pawn on the goal has won: the winner is announced instead.)
        if let Some((d, c)) = lead.filter(|&(d, _)| d > 0) {
            lines.push(self.fill(Text::WordsLeads, &[Arg::Colour(c), Arg::Num(d.into())]));
        }
        lines
    }

    /// Accessible name of a square of `board` the player may act on.
    pub fn square_label(self, board: &Board, square: Square, drop: bool) -> String {
        let text = if drop { Text::DropOn } else { Text::MoveTo };
        self.fill(text, &[Arg::Str(&board.name(square))])
    }

    /// Accessible name of the die: what it shows, and "Roll" only when it
    /// can be rolled.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::Roll;
    /// assert_eq!(words.die_label(Roll::new(4), true), "Die showing 4. Roll");
    /// assert_eq!(words.die_label(Roll::new(4), false), "Die showing 4");
    /// assert_eq!(words.die_label(None, false), "Die");
    /// ```
    pub fn die_label(self, value: Option<Roll>, can_roll: bool) -> String {
        match (value, can_roll) {
            (Some(r), true) => self.fill(Text::DieShowingRoll, &[roll_value(r)]),
            (Some(r), false) => self.fill(Text::DieShowing, &[roll_value(r)]),
            (None, true) => self.t(Text::RollTheDie).to_string(),
            (None, false) => self.t(Text::Die).to_string(),
        }
    }

    /// The message when a stored game could not be read.
    pub fn save_damaged(self, reason: &str) -> String {
        self.fill(Text::SaveDamaged, &[Arg::Str(reason)])
    }

    /// Why a link's game code cannot be read, in plain words.
    fn code_problem(self, kind: &CodeErrorKind) -> String {
        let number = |i: usize| [Arg::Num(i as u64)];
        match kind {
            CodeErrorKind::Empty => self.t(Text::CodeEmpty).into(),
            CodeErrorKind::UnknownVersion(_) => self.t(Text::CodeUnknownVersion).into(),
            CodeErrorKind::BadCharacter(i) => self.fill(Text::CodeBadCharacter, &number(i + 1)),
            CodeErrorKind::Corrupted => self.t(Text::CodeCorrupted).into(),
            CodeErrorKind::Truncated(_) => self.t(Text::CodeTruncated).into(),
            CodeErrorKind::BadHeader(why) => self.fill(Text::CodeBadHeader, &[Arg::Str(why)]),
            CodeErrorKind::IllegalMove(ply) => self.fill(Text::CodeIllegalMove, &number(*ply)),
        }
    }

    /// What was wrong with a link's game, in plain words: a damaged link
    /// (what is wrong and how many moves are shown), one that cannot be
    /// opened at all, or a game that does not replay.
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::code::CodeErrorKind;
    /// use barricade_web::state::replay::LinkProblem;
    /// let damaged = LinkProblem::Damaged { kind: CodeErrorKind::IllegalMove(9), valid: 8 };
    /// let m = words.link_problem(&damaged);
    /// assert_eq!(m, "This link is damaged: move 9 in it is not legal. The 8 moves before are shown.");
    /// ```
    pub fn link_problem(self, problem: &LinkProblem) -> String {
        match problem {
            LinkProblem::Damaged { kind, valid } => self.fill(
                Text::LinkDamaged,
                &[Arg::Str(&self.code_problem(kind)), Arg::Num(*valid as u64)],
            ),
            LinkProblem::Unreadable(kind) => {
                self.fill(Text::LinkUnreadable, &[Arg::Str(&self.code_problem(kind))])
            }
            LinkProblem::Invalid(why) => why.clone(),
        }
    }

    /// The message for an address part that is no Barricade link.
    pub fn link_unknown(self) -> String {
        self.t(Text::LinkUnknown).into()
    }

    /// Where the replay viewer is: "Move 12 of 140".
    pub fn replay_at(self, ply: usize, len: usize) -> String {
        self.fill(
            Text::ReplayAt,
            &[Arg::Num(ply as u64), Arg::Num(len as u64)],
        )
    }

    /// In a game by link, once this device has played: who gets the link.
    pub fn send_link(self, next: Colour, over: bool) -> String {
        if over {
            self.t(Text::SendLinkOver).into()
        } else {
            self.fill(Text::SendLink, &[Arg::Colour(next)])
        }
    }

    /// The dice seed, for another table to play the same dice.
    pub fn dice_seed(self, seed: u64) -> String {
        self.fill(Text::DiceSeed, &[Arg::Num(seed)])
    }

    /// The accessible name of the analysis chart.
    pub fn chart_label(self) -> &'static str {
        self.t(Text::ChartLabel)
    }

    /// While the analysis runs: "Working out the chances: 12 of 141 positions".
    pub fn analysing(self, done: usize, total: usize) -> String {
        self.fill(
            Text::Analysing,
            &[Arg::Num(done as u64), Arg::Num(total as u64)],
        )
    }

    /// A marked move on the chart (`mv`: the move's name on its board).
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::Colour;
    /// let m = words.swing_label(57, Colour::Red, "pass", Colour::Blue, 42, 63);
    /// assert_eq!(m, "Move 57, Red pass: Blue's chance to win from 42% to 63%");
    /// ```
    pub fn swing_label(
        self,
        ply: usize,
        mover: Colour,
        mv: &str,
        colour: Colour,
        before: u32,
        after: u32,
    ) -> String {
        self.fill(
            Text::SwingLabel,
            &[
                Arg::Num(ply as u64),
                Arg::Colour(mover),
                Arg::Str(mv),
                Arg::Colour(colour),
                Arg::Num(before.into()),
                Arg::Num(after.into()),
            ],
        )
    }

    /// The line under the chart once the deciding move is known (`mv`: the
    /// move's name on its board).
    ///
    /// ```
    /// # let words = barricade_web::i18n::Words::english();
    /// use barricade_rules::{Colour, ColourSet};
    /// let red = ColourSet::single(Colour::Red);
    /// let m = words.decided_by(57, Colour::Blue, "pass", red);
    /// assert_eq!(m, "Move 57 decided the game: after Blue's pass, Red stayed the favourite to the end.");
    /// ```
    pub fn decided_by(self, ply: usize, mover: Colour, mv: &str, winner: Team) -> String {
        self.fill(
            Text::DecidedBy,
            &[
                Arg::Num(ply as u64),
                Arg::Colour(mover),
                Arg::Str(mv),
                Arg::Team(winner),
            ],
        )
    }

    /// The line under a complete chart of a game without a winner.
    pub fn no_decider(self) -> &'static str {
        self.t(Text::NoDecider)
    }
}

/// A roll as a value of a message.
fn roll_value(r: Roll) -> Arg<'static> {
    Arg::Num(r.get().into())
}
