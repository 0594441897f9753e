//! The names of every user-visible string: [`Text`], one line of every
//! language file each (the functions of `crate::i18n::text` fill them in).

/// A piece of user-visible text: a line of every language file (its
/// English text is in its documentation).
macro_rules! texts {
    ($($(#[doc = $doc:literal])* $name:ident = $key:literal,)*) => {
        /// A piece of user-visible text (its English text is shown).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Text {
            $($(#[doc = $doc])* $name,)*
        }

        impl Text {
            /// The keys of the language files, in order.
            pub const KEYS: &[&str] = &[$($key),*];
            /// How many texts a language has.
            pub const COUNT: usize = Text::KEYS.len();
        }
    };
}

texts! {
    /// "Language"
    Language = "language",
    /// "Barricade"
    Title = "title",
    /// "Race your pawns to the top. Move the barricades to block the others."
    Tagline = "tagline",
    /// "The Barricade board"
    BoardLabel = "board_label",
    /// "The goal"
    Goal = "goal",
    /// "Barricade"
    Barricade = "barricade",
    /// "The village"
    Village = "village",
    /// "The forest"
    Forest = "forest",
    /// "How to play"
    HowToPlay = "how_to_play",
    /// "Board"
    BoardChoice = "board_choice",
    /// "Sound"
    Sound = "sound",
    /// "Classic"
    BoardClassic = "board_classic",
    /// "Quick (four pawns, six barricades)"
    BoardQuick = "board_quick",
    /// "Barricade held by this pawn"
    HeldBarricade = "held_barricade",
    /// "Barricade needs JavaScript and WebAssembly to run."
    NeedsScript = "needs_script",
    /// "Loading the game…"
    Loading = "loading",
    /// "New game"
    NewGame = "new_game",
    /// "Players"
    Players = "players",
    /// "Not playing"
    SeatOff = "seat_off",
    /// "Two colours each (red + yellow against green + blue)"
    Teams = "teams",
    /// "Rules"
    Rules = "rules",
    /// "Rule set"
    Preset = "preset",
    /// "Pass even when a move exists"
    FreePass = "free_pass",
    /// "Opening roll: the highest starts and moves with it"
    StartRoll = "start_roll",
    /// "French: opening rolls set the order, a 6 goes again, barricades are held, pawns bounce at the goal"
    French = "french",
    /// "Barricades may go on the bottom row"
    BottomRow = "bottom_row",
    /// "Opening"
    Opening = "opening",
    /// "Dice seed"
    Seed = "seed",
    /// "Random"
    SeedHint = "seed_hint",
    /// "Start game"
    Start = "start",
    /// "Quick start"
    QuickStart = "quick_start",
    /// "Back to the game"
    BackToGame = "back_to_game",
    /// "Speed"
    Speed = "speed",
    /// "Roll"
    Roll = "roll",
    /// "Pass"
    Pass = "pass",
    /// "Undo"
    Undo = "undo",
    /// "Redo"
    Redo = "redo",
    /// "Hint"
    Hint = "hint",
    /// "New game"
    NewGameButton = "new_game_button",
    /// "Roll again"
    Again = "again",
    /// "End turn"
    EndTurn = "end_turn",
    /// "Rematch"
    Rematch = "rematch",
    /// "Moves"
    Moves = "moves",
    /// "No moves yet."
    NoMoves = "no_moves",
    /// "Player"
    Player = "player",
    /// "Turns"
    Turns = "turns",
    /// "Captures"
    Captures = "captures",
    /// "Barricades moved"
    Barricades = "barricades",
    /// "Cancel"
    Cancel = "cancel",
    /// "Settings"
    Settings = "settings",
    /// "Play by link: each player on their own device, the game goes back and forth as a link"
    ByLink = "by_link",
    /// "Share"
    Share = "share",
    /// "Copy link"
    Copy = "copy",
    /// "Send…"
    Send = "send",
    /// "Link copied."
    Copied = "copied",
    /// "Select the link and copy it."
    CopyFailed = "copy_failed",
    /// "QR code of the link"
    QrCode = "qr_code",
    /// "Replay"
    Replay = "replay",
    /// "To the start"
    First = "first",
    /// "One move back"
    Back = "back",
    /// "Play"
    Autoplay = "autoplay",
    /// "Pause"
    Pause = "pause",
    /// "One move forward"
    Forward = "forward",
    /// "To the end"
    Last = "last",
    /// "Play from here"
    PlayFromHere = "play_from_here",
    /// "Close"
    Close = "close",
    /// "Your game in progress was put aside. "Other game" goes back to it."
    PutAside = "put_aside",
    /// "Other game"
    Resume = "resume",
    /// "Red"
    Red = "red",
    /// "Green"
    Green = "green",
    /// "Yellow"
    Yellow = "yellow",
    /// "Blue"
    Blue = "blue",
    /// "{0} and {1}"
    Team = "team",
    /// "Person"
    Person = "person",
    /// "Computer, easy"
    ComputerEasy = "computer_easy",
    /// "Computer, medium"
    ComputerMedium = "computer_medium",
    /// "Computer, hard"
    ComputerHard = "computer_hard",
    /// "Computer, master"
    ComputerMaster = "computer_master",
    /// "Malefiz (Ravensburger)"
    PresetRavensburger = "preset_ravensburger",
    /// "Barricade (Jumbo)"
    PresetStartRoll = "preset_start_roll",
    /// "Barricade (rule sheet)"
    PresetBarricade = "preset_barricade",
    /// "Barricade (French rules)"
    PresetFrench = "preset_french",
    /// "Custom"
    PresetCustom = "preset_custom",
    /// "The classic: no extra roll on a 6, and barricades never go on the bottom row."
    SummaryRavensburger = "summary_ravensburger",
    /// "Everyone rolls first: the highest roll starts and moves with it."
    SummaryStartRoll = "summary_start_roll",
    /// "You may always pass instead of moving, and barricades may also go on the bottom row."
    SummaryBarricade = "summary_barricade",
    /// "Opening rolls set the order, a 6 may go again, a taken barricade is held until your next turn, and pawns bounce at the goal."
    SummaryFrench = "summary_french",
    /// "Your own mix of the rules below."
    SummaryCustom = "summary_custom",
    /// "Slow"
    SpeedSlow = "speed_slow",
    /// "Normal"
    SpeedNormal = "speed_normal",
    /// "Fast"
    SpeedFast = "speed_fast",
    /// "Instant"
    SpeedInstant = "speed_instant",
    /// "{0}: roll the die."
    PromptRoll = "prompt_roll",
    /// "{0}: choose a pawn to move."
    PromptChoosePawn = "prompt_choose_pawn",
    /// "{0}: choose a pawn to move, or pass."
    PromptChoosePawnOrPass = "prompt_choose_pawn_or_pass",
    /// "{0}: choose where to go."
    PromptChooseSquare = "prompt_choose_square",
    /// "{0}: choose where to go, or pass."
    PromptChooseSquareOrPass = "prompt_choose_square_or_pass",
    /// "{0}: the roll is too high for the goal, so the pawn bounces off it. Choose where it ends."
    PromptBounce = "prompt_bounce",
    /// "{0}: put the barricade on a lit square."
    PromptDrop = "prompt_drop",
    /// "{0} cannot move and passes."
    PromptStuck = "prompt_stuck",
    /// "{0}: roll again with the same pawn, or end the turn."
    PromptAgain = "prompt_again",
    /// "{0} is thinking…"
    PromptThinking = "prompt_thinking",
    /// "{0} moves…"
    PromptWalking = "prompt_walking",
    /// "{0}'s turn"
    WhoseTurn = "whose_turn",
    /// "{0} wins!"
    WinsOne = "wins_one",
    /// "{0} win!"
    WinsTeam = "wins_team",
    /// "end turn"
    LogEndTurn = "log_end_turn",
    /// "roll again"
    LogRollAgain = "log_roll_again",
    /// "Opening rolls: {0}. {1} Order of play: {2}."
    OpeningRolls = "opening_rolls",
    /// "tie"
    OpeningTie = "opening_tie",
    /// "{0} starts and moves {1}."
    StartsAndMoves = "starts_and_moves",
    /// "{0} starts and rolls again to begin."
    StartsAndRolls = "starts_and_rolls",
    /// "{0} rolled {1}"
    NewsRolled = "news_rolled",
    /// "{0} rolled {1} and cannot move"
    NewsStuck = "news_stuck",
    /// "{0} captured {1} on {2}"
    NewsCaptured = "news_captured",
    /// "{0} moved to {1} and put the barricade on {2}"
    NewsMovedAndDropped = "news_moved_and_dropped",
    /// "{0} moved to {1}"
    NewsMoved = "news_moved",
    /// "{0} ended the turn"
    NewsEndedTurn = "news_ended_turn",
    /// "{0} passed"
    NewsPassed = "news_passed",
    /// "{0} put a barricade on {1}"
    NewsPlaced = "news_placed",
    /// "{0} rolls again"
    NewsRollsAgain = "news_rolls_again",
    /// "Move taken back"
    NewsUndone = "news_undone",
    /// "Move played again"
    NewsRedone = "news_redone",
    /// "Hint: {0}"
    NewsHint = "news_hint",
    /// "{0} pawn on {1}"
    PawnOn = "pawn_on",
    /// "{0} pawn at home"
    PawnAtHome = "pawn_at_home",
    /// "{0} pawn in the forest"
    PawnInForest = "pawn_in_forest",
    /// "Move to {0}"
    MoveTo = "move_to",
    /// "Put the barricade on {0}"
    DropOn = "drop_on",
    /// "Die showing {0}. Roll"
    DieShowingRoll = "die_showing_roll",
    /// "Die showing {0}"
    DieShowing = "die_showing",
    /// "Roll the die"
    RollTheDie = "roll_the_die",
    /// "Die"
    Die = "die",
    /// "Your saved game could not be read ({0}). It is kept as a backup; a new game starts."
    SaveDamaged = "save_damaged",
    /// "it holds no game"
    CodeEmpty = "code_empty",
    /// "it comes from an unknown version of Barricade"
    CodeUnknownVersion = "code_unknown_version",
    /// "it has a wrong character at position {0}"
    CodeBadCharacter = "code_bad_character",
    /// "its data is corrupted"
    CodeCorrupted = "code_corrupted",
    /// "it is cut short"
    CodeTruncated = "code_truncated",
    /// "its game settings are impossible ({0})"
    CodeBadHeader = "code_bad_header",
    /// "move {0} in it is not legal"
    CodeIllegalMove = "code_illegal_move",
    /// "This link is damaged: {0}. The {1} {1?move before is|moves before are} shown."
    LinkDamaged = "link_damaged",
    /// "This link cannot be opened: {0}. Start a new game instead."
    LinkUnreadable = "link_unreadable",
    /// "This link is not a Barricade game. Start a new game instead."
    LinkUnknown = "link_unknown",
    /// "Move {0} of {1}"
    ReplayAt = "replay_at",
    /// "The game is over. Send this link to the others so they see the end."
    SendLinkOver = "send_link_over",
    /// "Your turn is done. Send this link to {0}."
    SendLink = "send_link",
    /// "Dice seed: {0}"
    DiceSeed = "dice_seed",
    /// "Each colour's chance to win after every move"
    ChartLabel = "chart_label",
    /// "Working out the chances: {0} of {1} {1?position|positions}"
    Analysing = "analysing",
    /// "Move {0}, {1} {2}: {3}'s chance to win from {4}% to {5}%"
    SwingLabel = "swing_label",
    /// "Move {0} decided the game: after {1}'s {2}, {3} stayed the favourite to the end."
    DecidedBy = "decided_by",
    /// "The game is not over: no move has decided it yet."
    NoDecider = "no_decider",
    /// "Play in words (for screen readers)"
    Words = "words",
    /// "{0} to {1}"
    WordsMove = "words_move",
    /// "{0} to {1}, takes the barricade"
    WordsMoveBarricade = "words_move_barricade",
    /// "{0} to {1}, sends {2} home"
    WordsMoveCapture = "words_move_capture",
    /// "{0} to {1}, sends {2} to the forest"
    WordsMoveToForest = "words_move_to_forest",
    /// "{0} bounces off the goal to {1}"
    WordsMoveBounce = "words_move_bounce",
    /// "Where everything stands"
    WordsPosition = "words_position",
    /// "{0} {0?pawn|pawns} at home"
    WordsHome = "words_home",
    /// "{0} {0?pawn|pawns} in the forest"
    WordsForest = "words_forest",
    /// "Barricades: {0}"
    WordsBarricades = "words_barricades",
    /// "{0} leads, {1} {1?step|steps} from the goal"
    WordsLeads = "words_leads",
    /// "Play online: each on their own device, live"
    PlayOnline = "play_online",
    /// "Online room"
    RoomTitle = "room_title",
    /// "Invite the others with this link"
    RoomInvite = "room_invite",
    /// "Your name"
    RoomYourName = "room_your_name",
    /// "Take this seat"
    RoomTake = "room_take",
    /// "Free"
    RoomFree = "room_free",
    /// "Start the game"
    RoomStart = "room_start",
    /// "The host starts the game."
    RoomWaitingHost = "room_waiting_host",
    /// "Leave the room"
    RoomLeave = "room_leave",
    /// "Connected"
    RoomConnected = "room_connected",
    /// "Not connected"
    RoomAway = "room_away",
    /// "Connecting to the room…"
    RoomConnecting = "room_connecting",
    /// "The connection was lost; reconnecting…"
    RoomLost = "room_lost",
    /// "The room server cannot be reached."
    RoomUnreachable = "room_unreachable",
    /// "This copy of the game has no room server."
    RoomNoServer = "room_no_server",
    /// "You are watching this game."
    RoomSpectator = "room_spectator",
    /// "Spectators may watch"
    RoomSpectators = "room_spectators",
    /// "Turn timer"
    RoomTimer = "room_timer",
    /// "Off"
    RoomTimerOff = "room_timer_off",
    /// "{0} s"
    TimeSeconds = "time_seconds",
    /// "{0} min"
    TimeMinutes = "time_minutes",
    /// "People with the invite may watch."
    RoomShowsSpectators = "room_shows_spectators",
    /// "Only the players see this game: no spectators."
    RoomShowsNoSpectators = "room_shows_no_spectators",
    /// "Turn timer: {0}. When it runs out, the computer plays for that player until they are back."
    RoomShowsTimer = "room_shows_timer",
    /// "No turn timer: the game waits for every player."
    RoomShowsNoTimer = "room_shows_no_timer",
    /// "Every seat in this room is taken, and the host allows no spectators: you cannot watch this game."
    RoomNoSpectators = "room_no_spectators",
    /// "the computer plays for now"
    RoomStandIn = "room_stand_in",
    /// "The computer is playing for you."
    RoomStoodIn = "room_stood_in",
    /// "I’m back"
    RoomBack = "room_back",
    /// "Waiting for {0} to play."
    PromptWaiting = "prompt_waiting",
    /// "The computer plays for {0}."
    PromptStandIn = "prompt_stand_in",
    /// "Reconnecting… You can play again once the page is back."
    PromptReconnecting = "prompt_reconnecting",
    /// "Dice verified"
    DiceVerified = "dice_verified",
    /// "The dice could not be verified:"
    DiceNotVerified = "dice_not_verified",
}
