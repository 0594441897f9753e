//! Every user-visible string, in one table, so that the app can be
//! translated by adding a column. Components never hard-code text.

use crate::scene::Place;
use crate::state::News;
use crate::state::settings::Speed;
use crate::state::setup::SeatKind;
use barricade_ai::Level;
use barricade_rules::code::CodeErrorKind;
use barricade_rules::{Board, Colour, Move, Opening, Roll, Square, Team};

/// A piece of user-visible text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    /// The game's name.
    Title,
    /// One line under the title.
    Tagline,
    /// Accessible name of the board drawing.
    BoardLabel,
    /// Accessible name of the goal.
    Goal,
    /// Accessible name of a barricade piece.
    Barricade,
    /// Name of the quick board's village (a capture there sends the pawn
    /// to the forest).
    Village,
    /// Name of the quick board's forest.
    Forest,
    /// The link to the "How to play" page.
    HowToPlay,
    /// The board picker of the new-game form.
    BoardChoice,
    /// Accessible name of the sound on/off switch.
    Sound,
    /// The classic board, in the board picker.
    BoardClassic,
    /// The quick board, in the board picker.
    BoardQuick,
    /// Accessible name of a barricade held by a pawn (french).
    HeldBarricade,
    /// Shown while the app has not started (no JavaScript or WebAssembly).
    NeedsScript,
    /// Shown beside the prerendered board while the app loads.
    Loading,
    /// Heading of the new-game form.
    NewGame,
    /// The seats fieldset.
    Players,
    /// A colour that does not play.
    SeatOff,
    /// Two colours each.
    Teams,
    /// The rules fieldset.
    Rules,
    /// The preset picker.
    Preset,
    /// Toggle: free pass.
    FreePass,
    /// Toggle: opening roll.
    StartRoll,
    /// Toggle: french rules.
    French,
    /// Toggle: barricades may go on the bottom row.
    BottomRow,
    /// Heading of the opening rolls.
    Opening,
    /// The seed field.
    Seed,
    /// Placeholder of the seed field (no seed: random dice).
    SeedHint,
    /// Start a game with the form's choices.
    Start,
    /// Start at once with the remembered choices.
    QuickStart,
    /// Leave the form and go back to the game.
    BackToGame,
    /// Animation speed.
    Speed,
    /// Roll the die.
    Roll,
    /// Pass the turn.
    Pass,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// The hint button.
    Hint,
    /// Open the new-game form.
    NewGameButton,
    /// French: roll again.
    Again,
    /// French: end the turn.
    EndTurn,
    /// Same players again.
    Rematch,
    /// The move log heading.
    Moves,
    /// Nothing played yet.
    NoMoves,
    /// Statistics column: player.
    Player,
    /// Statistics column: turns.
    Turns,
    /// Statistics column: captures.
    Captures,
    /// Statistics column: barricades moved.
    Barricades,
    /// Cancel the selection.
    Cancel,
    /// The settings heading.
    Settings,
    /// The new-game choice of playing by link.
    ByLink,
    /// Open the share box.
    Share,
    /// Copy the link.
    Copy,
    /// Open the system share sheet.
    Send,
    /// The link was copied.
    Copied,
    /// The clipboard refused.
    CopyFailed,
    /// The QR code's accessible name.
    QrCode,
    /// The replay viewer's heading.
    Replay,
    /// Replay: to the start.
    First,
    /// Replay: one decision back.
    Back,
    /// Replay: play on its own.
    Autoplay,
    /// Replay: stop playing on its own.
    Pause,
    /// Replay: one decision forward.
    Forward,
    /// Replay: to the end.
    Last,
    /// Replay: start a live game at the ply shown.
    PlayFromHere,
    /// Leave the replay viewer.
    Close,
    /// A link replaced the game in progress.
    PutAside,
    /// Go back to the game put aside.
    Resume,
}

/// The English text for `text`.
///
/// ```
/// use barricade_web::text::{t, Text};
/// assert_eq!(t(Text::Title), "Barricade");
/// ```
pub fn t(text: Text) -> &'static str {
    match text {
        Text::Title => "Barricade",
        Text::Tagline => "Race your pawns to the top. Move the barricades to block the others.",
        Text::BoardLabel => "The Barricade board",
        Text::Goal => "The goal",
        Text::Barricade => "Barricade",
        Text::Village => "The village",
        Text::Forest => "The forest",
        Text::HowToPlay => "How to play",
        Text::BoardChoice => "Board",
        Text::Sound => "Sound",
        Text::BoardClassic => "Classic",
        Text::BoardQuick => "Quick (four pawns, six barricades)",
        Text::HeldBarricade => "Barricade held by this pawn",
        Text::NeedsScript => "Barricade needs JavaScript and WebAssembly to run.",
        Text::Loading => "Loading the game…",
        Text::NewGame => "New game",
        Text::Players => "Players",
        Text::SeatOff => "Not playing",
        Text::Teams => "Two colours each (red + yellow against green + blue)",
        Text::Rules => "Rules",
        Text::Preset => "Rule set",
        Text::FreePass => "Pass even when a move exists",
        Text::StartRoll => "Opening roll: the highest starts and moves with it",
        Text::French => {
            "French: opening rolls set the order, a 6 goes again, barricades are held, pawns bounce at the goal"
        }
        Text::BottomRow => "Barricades may go on the bottom row",
        Text::Opening => "Opening",
        Text::Seed => "Dice seed",
        Text::SeedHint => "Random",
        Text::Start => "Start game",
        Text::QuickStart => "Quick start",
        Text::BackToGame => "Back to the game",
        Text::Speed => "Speed",
        Text::Roll => "Roll",
        Text::Pass => "Pass",
        Text::Undo => "Undo",
        Text::Redo => "Redo",
        Text::Hint => "Hint",
        Text::NewGameButton => "New game",
        Text::Again => "Roll again",
        Text::EndTurn => "End turn",
        Text::Rematch => "Rematch",
        Text::Moves => "Moves",
        Text::NoMoves => "No moves yet.",
        Text::Player => "Player",
        Text::Turns => "Turns",
        Text::Captures => "Captures",
        Text::Barricades => "Barricades moved",
        Text::Cancel => "Cancel",
        Text::Settings => "Settings",
        Text::ByLink => {
            "Play by link: each player on their own device, the game goes back and forth as a link"
        }
        Text::Share => "Share",
        Text::Copy => "Copy link",
        Text::Send => "Send…",
        Text::Copied => "Link copied.",
        Text::CopyFailed => "Select the link and copy it.",
        Text::QrCode => "QR code of the link",
        Text::Replay => "Replay",
        Text::First => "To the start",
        Text::Back => "One move back",
        Text::Autoplay => "Play",
        Text::Pause => "Pause",
        Text::Forward => "One move forward",
        Text::Last => "To the end",
        Text::PlayFromHere => "Play from here",
        Text::Close => "Close",
        Text::PutAside => "Your game in progress was put aside. \"Other game\" goes back to it.",
        Text::Resume => "Other game",
    }
}

/// The English name of a colour, capitalised for sentences.
///
/// ```
/// use barricade_rules::Colour;
/// assert_eq!(barricade_web::text::colour_name(Colour::Red), "Red");
/// ```
pub fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "Red",
        Colour::Green => "Green",
        Colour::Yellow => "Yellow",
        Colour::Blue => "Blue",
    }
}

/// A team's name: its colours joined by "and".
///
/// ```
/// use barricade_rules::{Colour, ColourSet};
/// let team: ColourSet = [Colour::Red, Colour::Yellow].into_iter().collect();
/// assert_eq!(barricade_web::text::team_name(team), "Red and Yellow");
/// ```
pub fn team_name(team: Team) -> String {
    let names: Vec<&str> = team.iter().map(colour_name).collect();
    names.join(" and ")
}

/// The name of a kind of player.
pub fn seat_kind(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Human => "Person",
        SeatKind::Computer(Level::Easy) => "Computer, easy",
        SeatKind::Computer(Level::Medium) => "Computer, medium",
        SeatKind::Computer(Level::Hard) => "Computer, hard",
        SeatKind::Computer(Level::Master) => "Computer, master",
    }
}

/// The name of a rule preset, as the box it comes from is known.
///
/// ```
/// assert_eq!(barricade_web::text::preset_name("start-roll"), "Barricade (Jumbo)");
/// ```
pub fn preset_name(preset: &str) -> &'static str {
    match preset {
        "ravensburger" => "Malefiz (Ravensburger)",
        "start-roll" => "Barricade (Jumbo)",
        "barricade" => "Barricade (rule sheet)",
        "french" => "Barricade (French rules)",
        _ => "Custom",
    }
}

/// One line on how a rule preset differs from the others.
pub fn preset_summary(preset: &str) -> &'static str {
    match preset {
        "ravensburger" => {
            "The classic: no extra roll on a 6, and barricades never go on the bottom row."
        }
        "start-roll" => "Everyone rolls first: the highest roll starts and moves with it.",
        "barricade" => {
            "You may always pass instead of moving, and barricades may also go on the bottom row."
        }
        "french" => {
            "Opening rolls set the order, a 6 may go again, a taken barricade is held until your next turn, and pawns bounce at the goal."
        }
        _ => "Your own mix of the rules below.",
    }
}

/// The name of an animation speed.
pub fn speed_name(speed: Speed) -> &'static str {
    match speed {
        Speed::Slow => "Slow",
        Speed::Normal => "Normal",
        Speed::Fast => "Fast",
        Speed::Instant => "Instant",
    }
}

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

/// The status line for `colour` and `prompt`.
///
/// ```
/// use barricade_rules::Colour;
/// use barricade_web::text::{prompt, Prompt};
/// assert_eq!(prompt(Colour::Red, Prompt::Roll), "Red: roll the die.");
/// ```
pub fn prompt(colour: Colour, prompt: Prompt) -> String {
    let name = colour_name(colour);
    match prompt {
        Prompt::Roll => format!("{name}: roll the die."),
        Prompt::ChoosePawn => format!("{name}: choose a pawn to move."),
        Prompt::ChoosePawnOrPass => format!("{name}: choose a pawn to move, or pass."),
        Prompt::ChooseSquare => format!("{name}: choose where to go."),
        Prompt::ChooseSquareOrPass => format!("{name}: choose where to go, or pass."),
        Prompt::Bounce => format!(
            "{name}: the roll is too high for the goal, so the pawn bounces off it. Choose where it ends."
        ),
        Prompt::Drop => format!("{name}: put the barricade on a lit square."),
        Prompt::Stuck => format!("{name} cannot move and passes."),
        Prompt::Again => format!("{name}: roll again with the same pawn, or end the turn."),
        Prompt::Thinking => format!("{name} is thinking…"),
        Prompt::Walking => format!("{name} moves…"),
    }
}

/// The turn marker: "Red's turn".
pub fn whose_turn(colour: Colour) -> String {
    format!("{}'s turn", colour_name(colour))
}

/// The end-screen headline.
///
/// ```
/// use barricade_rules::{Colour, ColourSet};
/// assert_eq!(barricade_web::text::wins(ColourSet::single(Colour::Blue)), "Blue wins!");
/// ```
pub fn wins(team: Team) -> String {
    if team.len() > 1 {
        format!("{} win!", team_name(team))
    } else {
        format!("{} wins!", team_name(team))
    }
}

/// A decision on `board` as the log shows it, e.g. "4 · k9-i9 x g8". The
/// french choice after a 6 is in the buttons' words: "roll again", "end
/// turn" (a pass with no roll is that choice).
///
/// ```
/// use barricade_rules::{Board, Move, Roll};
/// use barricade_web::text::log_line;
/// let board = Board::classic();
/// assert_eq!(log_line(board, Roll::new(3), Move::Pass), "3 · pass");
/// assert_eq!(log_line(board, None, Move::Pass), "end turn");
/// assert_eq!(log_line(board, None, Move::Again), "roll again");
/// let quick = Board::quick();
/// let mv = quick.parse_move("forest-i5").unwrap();
/// assert_eq!(log_line(quick, Roll::new(1), mv), "1 · forest-i5");
/// ```
pub fn log_line(board: &Board, roll: Option<Roll>, mv: Move) -> String {
    match (roll, mv) {
        (None, Move::Pass) => "end turn".into(),
        (_, Move::Again) => "roll again".into(),
        (Some(r), _) => format!("{r} · {}", board.move_name(mv)),
        (None, _) => board.move_name(mv),
    }
}

/// The opening rolls of `start-roll` and `french`: every roll, who starts
/// (moving with the opening roll, or rolling again to begin) and the order
/// of play.
///
/// ```
/// use barricade_rules::{Opening, Rules, ScriptedDice, Seats};
/// let o = Opening::roll(Rules::preset("french").unwrap(), Seats::default(),
///     &mut ScriptedDice::new(&[3, 5, 5, 1, 6, 2])).unwrap();
/// assert_eq!(barricade_web::text::opening(&o),
///     "Opening rolls: Red 3, Green 5, Yellow 5, Blue 1; tie: Green 6, Yellow 2. \
///      Green starts and rolls again to begin. Order of play: Green, Yellow, Red, Blue.");
/// ```
pub fn opening(o: &Opening) -> String {
    let rounds: Vec<String> = o
        .rounds
        .iter()
        .map(|round| {
            let rolls: Vec<String> = round
                .iter()
                .map(|&(c, r)| format!("{} {r}", colour_name(c)))
                .collect();
            rolls.join(", ")
        })
        .collect();
    let n = o.seats.len();
    let order: Vec<&str> = (0..n)
        .filter_map(|i| o.seats.colour((o.first + i) % n))
        .map(colour_name)
        .collect();
    let first = order.first().copied().unwrap_or_default();
    let start = match o.roll {
        Some(r) => format!("{first} starts and moves {r}."),
        None => format!("{first} starts and rolls again to begin."),
    };
    format!(
        "Opening rolls: {}. {start} Order of play: {}.",
        rounds.join("; tie: "),
        order.join(", ")
    )
}

/// What just happened on `board`, for screen readers.
///
/// ```
/// use barricade_rules::{Board, Colour, Roll};
/// use barricade_web::{state::News, text::news};
/// let rolled = News::Rolled(Colour::Red, Roll::new(4).unwrap());
/// assert_eq!(news(Board::classic(), rolled), "Red rolled 4");
/// ```
pub fn news(board: &Board, news: News) -> String {
    let name = |s: Square| board.name(s);
    match news {
        News::Rolled(c, r) => format!("{} rolled {r}", colour_name(c)),
        News::Stuck(c, r) => format!("{} rolled {r} and cannot move", colour_name(c)),
        News::Played(e) => {
            let who = colour_name(e.colour);
            match (e.mv, e.captured) {
                (Move::Step { to, .. }, Some(victim)) => {
                    format!("{who} captured {} on {}", colour_name(victim), name(to))
                }
                (Move::Step { to, drop, .. }, None) => match drop {
                    Some(d) => format!(
                        "{who} moved to {} and put the barricade on {}",
                        name(to),
                        name(d)
                    ),
                    None => format!("{who} moved to {}", name(to)),
                },
                (Move::Pass, _) if e.roll.is_none() => format!("{who} ended the turn"),
                (Move::Pass, _) => format!("{who} passed"),
                (Move::Place(s), _) => format!("{who} put a barricade on {}", name(s)),
                (Move::Again, _) => format!("{who} rolls again"),
            }
        }
        News::Undone => "Move taken back".to_string(),
        News::Redone => "Move played again".to_string(),
        News::Hint(roll, mv) => format!("Hint: {}", log_line(board, roll, mv)),
    }
}

/// Accessible name of a pawn on `board`.
pub fn pawn_label(board: &Board, colour: Colour, at: Place) -> String {
    match at {
        Place::On(s) => format!("{} pawn on {}", colour_name(colour), board.name(s)),
        Place::Home(_) => format!("{} pawn at home", colour_name(colour)),
        Place::Forest(_) => format!("{} pawn in the forest", colour_name(colour)),
    }
}

/// Accessible name of a square of `board` the player may act on.
pub fn square_label(board: &Board, square: Square, drop: bool) -> String {
    if drop {
        format!("Put the barricade on {}", board.name(square))
    } else {
        format!("Move to {}", board.name(square))
    }
}

/// Accessible name of the die: what it shows, and "Roll" only when it
/// can be rolled.
///
/// ```
/// use barricade_rules::Roll;
/// use barricade_web::text::die_label;
/// assert_eq!(die_label(Roll::new(4), true), "Die showing 4. Roll");
/// assert_eq!(die_label(Roll::new(4), false), "Die showing 4");
/// assert_eq!(die_label(None, false), "Die");
/// ```
pub fn die_label(value: Option<Roll>, can_roll: bool) -> String {
    match (value, can_roll) {
        (Some(r), true) => format!("Die showing {r}. Roll"),
        (Some(r), false) => format!("Die showing {r}"),
        (None, true) => "Roll the die".to_string(),
        (None, false) => "Die".to_string(),
    }
}

/// The message when a stored game could not be read.
pub fn save_damaged(reason: &str) -> String {
    format!(
        "Your saved game could not be read ({reason}). It is kept as a backup; a new game starts."
    )
}

/// Why a link's game code cannot be read, in plain words.
fn code_problem(kind: &CodeErrorKind) -> String {
    match kind {
        CodeErrorKind::Empty => "it holds no game".into(),
        CodeErrorKind::UnknownVersion(_) => "it comes from an unknown version of Barricade".into(),
        CodeErrorKind::BadCharacter(i) => format!("it has a wrong character at position {}", i + 1),
        CodeErrorKind::Corrupted => "its data is corrupted".into(),
        CodeErrorKind::Truncated(_) => "it is cut short".into(),
        CodeErrorKind::BadHeader(why) => format!("its game settings are impossible ({why})"),
        CodeErrorKind::IllegalMove(ply) => format!("move {ply} in it is not legal"),
    }
}

/// The message for a damaged link whose first `valid` decisions are shown.
///
/// ```
/// use barricade_rules::code::CodeErrorKind;
/// let m = barricade_web::text::link_damaged(&CodeErrorKind::IllegalMove(9), 8);
/// assert_eq!(m, "This link is damaged: move 9 in it is not legal. The 8 moves before are shown.");
/// ```
pub fn link_damaged(kind: &CodeErrorKind, valid: usize) -> String {
    format!(
        "This link is damaged: {}. The {valid} moves before are shown.",
        code_problem(kind)
    )
}

/// The message for a link whose game cannot be opened at all.
pub fn link_unreadable(kind: &CodeErrorKind) -> String {
    format!(
        "This link cannot be opened: {}. Start a new game instead.",
        code_problem(kind)
    )
}

/// The message for an address part that is no Barricade link.
pub fn link_unknown() -> String {
    "This link is not a Barricade game. Start a new game instead.".into()
}

/// Where the replay viewer is: "Move 12 of 140".
pub fn replay_at(ply: usize, len: usize) -> String {
    format!("Move {ply} of {len}")
}

/// In a game by link, once this device has played: who gets the link.
pub fn send_link(next: Colour, over: bool) -> String {
    if over {
        "The game is over. Send this link to the others so they see the end.".into()
    } else {
        format!(
            "Your turn is done. Send this link to {}.",
            colour_name(next)
        )
    }
}

/// The dice seed, for another table to play the same dice.
pub fn dice_seed(seed: u64) -> String {
    format!("Dice seed: {seed}")
}

/// The accessible name of the analysis chart.
pub fn chart_label() -> &'static str {
    "Each colour's chance to win after every move"
}

/// While the analysis runs: "Working out the chances: 12 of 141 positions".
pub fn analysing(done: usize, total: usize) -> String {
    format!("Working out the chances: {done} of {total} positions")
}

/// A marked move on the chart (`mv`: the move's name on its board).
///
/// ```
/// use barricade_rules::Colour;
/// let m = barricade_web::text::swing_label(57, Colour::Red, "pass", Colour::Blue, 42, 63);
/// assert_eq!(m, "Move 57, Red pass: Blue's chance to win from 42% to 63%");
/// ```
pub fn swing_label(
    ply: usize,
    mover: Colour,
    mv: &str,
    colour: Colour,
    before: u32,
    after: u32,
) -> String {
    format!(
        "Move {ply}, {} {mv}: {}'s chance to win from {before}% to {after}%",
        colour_name(mover),
        colour_name(colour)
    )
}

/// The line under the chart once the deciding move is known (`mv`: the
/// move's name on its board).
///
/// ```
/// use barricade_rules::{Colour, ColourSet};
/// let red = ColourSet::single(Colour::Red);
/// let m = barricade_web::text::decided_by(57, Colour::Blue, "pass", red);
/// assert_eq!(m, "Move 57 decided the game: after Blue's pass, Red stayed the favourite to the end.");
/// ```
pub fn decided_by(ply: usize, mover: Colour, mv: &str, winner: Team) -> String {
    format!(
        "Move {ply} decided the game: after {}'s {mv}, {} stayed the favourite to the end.",
        colour_name(mover),
        team_name(winner)
    )
}

/// The line under a complete chart of a game without a winner.
pub fn no_decider() -> &'static str {
    "The game is not over: no move has decided it yet."
}
