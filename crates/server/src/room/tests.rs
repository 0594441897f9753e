use super::*;
use crate::settings::{CheckSettings, SettingsJson};
use barricade_rules::policy;

const AWAY: Duration = Duration::from_secs(60);

fn settings(json: &str) -> Settings {
    serde_json::from_str::<SettingsJson>(json)
        .unwrap()
        .check()
        .unwrap()
}

fn two_people() -> Settings {
    settings(
        r#"{"seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
    )
}

/// A room with both seats taken, started: (room, host, guest).
fn started(s: Settings) -> (Room, MemberId, MemberId, Instant) {
    let now = Instant::now();
    let (mut room, _token, _) = Room::open(s, "Ann", AWAY).unwrap();
    room.connect(0, now);
    let host = room.take(Some(0), 0, "Ann", Some("n1")).unwrap().member;
    let guest = room.take(None, 1, "Bob", None).unwrap();
    assert!(guest.token.is_some());
    room.start(Some(host), now).unwrap();
    (room, host, guest.member, now)
}

fn codes<T: std::fmt::Debug>(r: Result<T, Refusal>) -> ErrorCode {
    r.unwrap_err().code
}

#[test]
fn refusals_change_nothing() {
    let (mut room, host, guest, now) = started(two_people());
    let before = room.snapshot();
    // Red moves first: Bob may not roll, a spectator may not, Ann may.
    assert_eq!(codes(room.roll(Some(guest), now)), ErrorCode::NotYourTurn);
    assert_eq!(codes(room.roll(None, now)), ErrorCode::NoSeat);
    assert_eq!(
        codes(room.play(Some(host), "pass", now)),
        ErrorCode::Illegal
    );
    assert_eq!(
        codes(room.play(Some(host), "jump", now)),
        ErrorCode::BadMove
    );
    assert_eq!(codes(room.start(Some(host), now)), ErrorCode::GameRunning);
    assert_eq!(codes(room.start(Some(guest), now)), ErrorCode::NotHost);
    assert_eq!(
        codes(room.take(None, 1, "Eve", None)),
        ErrorCode::GameRunning
    );
    assert_eq!(codes(room.join(Some("00"))), ErrorCode::BadToken);
    assert_eq!(room.snapshot(), before);
    let rolled = room.roll(Some(host), now).unwrap();
    assert!(matches!(rolled[0].event, Event::Rolled { seat: 0, .. }));
    assert_eq!(codes(room.roll(Some(host), now)), ErrorCode::Illegal);
}

#[test]
fn a_game_with_computers_is_played_to_the_end_and_verified() {
    let s = settings(
        r#"{"seats":[{"colour":"red","player":"person"},{"colour":"green","player":"computer","level":"easy"},
                     {"colour":"yellow","player":"person"},{"colour":"blue","player":"computer","level":"medium"}]}"#,
    );
    let now = Instant::now();
    let (mut room, _, mut log) = Room::open(s, "Ann", AWAY).unwrap();
    let commit = room.secret.commitment();
    let a = room.take(Some(0), 0, "Ann", Some("abc")).unwrap();
    let b = room.take(None, 2, "Bob", Some("xyz")).unwrap();
    log.extend(a.events);
    log.extend(b.events);
    assert_eq!(
        codes(room.take(None, 1, "Eve", None)),
        ErrorCode::BadSeat,
        "a computer seat is no person seat"
    );
    log.extend(room.start(Some(0), now).unwrap());
    for _ in 0..5000 {
        if !room.is_playing() {
            break;
        }
        if let Some(job) = room.computer_job() {
            log.extend(room.computer_played(job.decision, job.decide(), now));
            continue;
        }
        let seat = room.turn_seat().unwrap();
        let member = room.seats[seat].holder;
        let game = room.game().unwrap();
        if game.phase() == Phase::Roll {
            log.extend(room.roll(member, now).unwrap());
        } else {
            let mv = policy::greedy(game.position()).unwrap();
            let text = game.position().board().move_name(mv);
            log.extend(room.play(member, &text, now).unwrap());
        }
    }
    assert!(!room.is_playing());
    for (i, e) in log.iter().enumerate() {
        assert_eq!(e.n, i as u64 + 1, "events are numbered 1, 2, 3, ...");
    }
    let Some(Event::Over {
        record,
        seed,
        reveal,
        nonces,
        winner,
        next_commit,
        ..
    }) = log.last().map(|e| e.event.clone())
    else {
        panic!("the game did not end");
    };
    assert_eq!(nonces, ["abc", "", "xyz", ""]);
    let seed: u64 = seed.parse().unwrap();
    assert!(crate::commit::verify(&commit, &reveal, &nonces, seed));
    let replayed = code::decode(&record).unwrap().replay().unwrap();
    assert_eq!(replayed.position(), room.game().unwrap().position());
    assert_eq!(replayed.position().winner().unwrap().to_string(), winner);
    assert_ne!(next_commit, commit);
    // Both computers played.
    let by_computer = log
        .iter()
        .filter(|e| {
            matches!(
                e.event,
                Event::Played {
                    by: By::Computer,
                    ..
                }
            )
        })
        .count();
    assert!(by_computer > 0);
    // A rematch with the same seats.
    log.extend(room.start(Some(0), now).unwrap());
    assert!(room.is_playing());
}

#[test]
fn a_snapshot_restores_the_same_room() {
    let (mut room, host, guest, now) = started(two_people());
    room.connect(guest, now);
    room.roll(Some(host), now).unwrap();
    let snap = room.snapshot();
    let text = serde_json::to_string(&snap).unwrap();
    let back: Snapshot = serde_json::from_str(&text).unwrap();
    let (restored, events) = Room::restore(&back, AWAY, now).unwrap();
    assert_eq!(
        restored.game().unwrap().position(),
        room.game().unwrap().position()
    );
    // Both were connected; after a restart nobody is.
    assert_eq!(events.len(), 2);
    assert!(events.iter().all(|e| matches!(
        e.event,
        Event::Presence {
            connected: false,
            ..
        }
    )));
    assert_eq!(events[0].n, room.last_event() + 1);
}

#[test]
fn the_turn_timer_and_a_long_absence_bring_in_the_computer() {
    let s = settings(
        r#"{"turn_seconds":30,"stand_in":"easy",
            "seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
    );
    let (mut room, host, guest, now) = started(s);
    room.connect(guest, now);
    assert_eq!(room.next_deadline(), Some(now + Duration::from_secs(30)));
    assert!(room.tick(now + Duration::from_secs(29)).is_empty());
    let out = room.tick(now + Duration::from_secs(30));
    assert!(matches!(
        out[0].event,
        Event::StandIn {
            seat: 0,
            on: true,
            reason: StandInReason::Timer
        }
    ));
    // The computer rolled for red and now decides.
    assert!(matches!(
        out[1].event,
        Event::Rolled {
            by: By::Computer,
            ..
        }
    ));
    let job = room.computer_job().unwrap();
    let later = now + Duration::from_secs(31);
    room.computer_played(job.decision, job.decide(), later);
    let _ = host;

    // Blue goes away for a minute: the computer plays blue too.
    let s = settings(
        r#"{"turn_seconds":3600,
            "seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
    );
    let (mut room, _, guest, now) = started(s);
    // (Taking the seat counted the guest's connection.)
    room.disconnect(guest, now);
    assert_eq!(room.next_deadline(), Some(now + AWAY));
    let out = room.tick(now + AWAY);
    assert!(matches!(
        out[0].event,
        Event::StandIn {
            seat: 1,
            on: true,
            reason: StandInReason::Away
        }
    ));
    // Back again: blue is blue's.
    let out = room.connect(guest, now + AWAY);
    assert!(out.iter().any(|e| matches!(
        e.event,
        Event::StandIn {
            seat: 1,
            on: false,
            reason: StandInReason::Back
        }
    )));
}

#[test]
fn spectators_and_seats() {
    let s = settings(
        r#"{"spectators":false,"seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
    );
    let (room, _, _, _) = started(s);
    assert_eq!(codes(room.join(None)), ErrorCode::NoSpectators);
    let (mut room, host, guest, now) = started(two_people());
    let joined = room.join(None).unwrap();
    assert!(joined.you.spectator);
    // Leaving in a game: the computer plays the seat.
    let out = room.leave(Some(guest), now).unwrap();
    assert!(matches!(out[0].event, Event::SeatFreed { seat: 1 }));
    assert_eq!(codes(room.leave(Some(guest), now)), ErrorCode::NoSeat);
    assert!(room.you(Some(host)).host);
}

#[test]
fn names_and_nonces_are_checked() {
    let now = Instant::now();
    let (mut room, _, _) = Room::open(two_people(), "", AWAY).unwrap();
    assert_eq!(
        codes(room.take(None, 0, "x", Some("a b"))),
        ErrorCode::BadNonce
    );
    assert_eq!(codes(room.take(None, 7, "x", None)), ErrorCode::BadSeat);
    let t = room
        .take(
            None,
            0,
            "\u{1b}[31mMallory with a very long name indeed",
            None,
        )
        .unwrap();
    assert!(
        matches!(&t.events[0].event, Event::SeatTaken { name, .. } if name == "[31mMallory with a very")
    );
    assert_eq!(codes(room.take(None, 0, "y", None)), ErrorCode::SeatTaken);
    assert_eq!(codes(room.nonce(None, "abc")), ErrorCode::NoSeat);
    assert_eq!(codes(room.nonce(Some(t.member), "")), ErrorCode::BadNonce);
    room.nonce(Some(t.member), "abc").unwrap();
    assert_eq!(codes(room.start(Some(0), now)), ErrorCode::SeatFree);
}
