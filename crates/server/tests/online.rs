//! The rooms server against clients on 127.0.0.1: whole games with
//! computer seats, bad input, reconnects and a restart. No test asserts
//! a time; the timeouts only turn a hang into a failure.

mod support;

use barricade_protocol::{ErrorCode, Event, Request, ServerMessage, SettingsJson};
use barricade_rules::code;
use barricade_server::commit::verify;
use barricade_server::{Config, Server};
use serde_json::json;
use support::{Client, greedy, remove_db, settings, temp_db, test_config, turn_seat};
use tokio_tungstenite::tungstenite::Message;

fn four_seats() -> SettingsJson {
    settings(json!({
        "seats": [
            {"colour": "red", "player": "person"},
            {"colour": "green", "player": "computer", "level": "easy"},
            {"colour": "yellow", "player": "person"},
            {"colour": "blue", "player": "computer", "level": "medium"}
        ]
    }))
}

fn two_people() -> SettingsJson {
    settings(
        json!({"seats": [{"colour": "red", "player": "person"}, {"colour": "blue", "player": "person"}]}),
    )
}

/// Opens a room with `settings`, the host in seat `host_seat`, a guest
/// in `guest_seat`; both have given nonces.
async fn room_of_two(
    server: &Server,
    settings: SettingsJson,
    host_seat: usize,
    guest_seat: usize,
) -> (Client, Client, String) {
    let mut host = Client::connect(server.local_addr()).await;
    let room = host.create(settings, "Ann").await;
    host.take(host_seat, "Ann", "host-nonce").await;
    let mut guest = Client::connect(server.local_addr()).await;
    let welcome = guest.join(&room, None, 0).await;
    assert!(
        matches!(welcome, ServerMessage::Welcome { .. }),
        "{welcome:?}"
    );
    guest.take(guest_seat, "Bob", "guest-nonce").await;
    host.catch_up(guest.last()).await;
    (host, guest, room)
}

async fn start(host: &mut Client, guest: &mut Client) {
    host.send(Request::Start).await;
    let started = host
        .until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: Event::Started { .. },
                    ..
                } | ServerMessage::Error { .. }
            )
        })
        .await;
    assert!(
        matches!(started, ServerMessage::Event { .. }),
        "{started:?}"
    );
    guest.catch_up(host.last()).await;
}

/// Plays until the game is over or `limit` actions of the people were
/// sent: each person plays its own seat (the side to move), the
/// computers play theirs on the server.
async fn play(host: &mut Client, guest: &mut Client, limit: usize) {
    let mut sent = 0;
    while host.view.ended.is_none() && sent < limit {
        let pos = host.view.position.expect("a game");
        if !pos.is_over() {
            let target = host.last();
            let seat = turn_seat(&host.view).expect("a seat");
            let mover = if host.seats.contains(&seat) {
                Some(&mut *host)
            } else if guest.seats.contains(&seat) {
                Some(&mut *guest)
            } else {
                None // a computer
            };
            if let Some(mover) = mover {
                mover.catch_up(target).await;
                let action = greedy(&mover.view).expect("something to do");
                mover.send(action).await;
                sent += 1;
            }
        }
        // The action's event, the computer's next one, or the end.
        let before = host.last();
        host.catch_up(before + 1).await;
        guest.catch_up(host.last()).await;
    }
}

fn the_end(client: &Client) -> (String, String, String, String, Vec<String>, String) {
    match client.view.ended.clone() {
        Some(e) => (e.winner, e.record, e.seed, e.reveal, e.nonces, e.commit),
        None => panic!("not over"),
    }
}

/// The page's checks at the end: the revealed text matches the
/// commitment published before the first roll, the nonces and the
/// secret give the record's seed, and the rules crate's replay of the
/// record (what `barricade replay` prints) ends in the position every
/// client folded from the events, with the same winner.
fn check_the_end(client: &Client, nonces_expected: &[&str]) {
    let (winner, record, seed, reveal, nonces, commit) = the_end(client);
    let seed: u64 = seed.parse().expect("a decimal seed");
    assert_eq!(nonces, nonces_expected);
    assert!(verify(&commit, &reveal, &nonces, seed), "dice verified");
    let record = code::decode(&record).expect("a link code");
    assert_eq!(record.seed, seed);
    let replayed = record.replay().expect("a legal record");
    assert_eq!(Some(replayed.position()), client.view.position.as_ref());
    let won = replayed.position().winner().expect("a winner");
    assert_eq!(won.to_string(), winner);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_seat_game_with_two_computers_is_played_to_the_end() {
    let db = temp_db("four");
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let (mut host, mut guest, _) = room_of_two(&server, four_seats(), 0, 2).await;
    // The seats show the names typed and who is connected.
    assert_eq!(host.view.seats[2].name.as_deref(), Some("Bob"));
    assert!(host.view.seats[0].connected && host.view.seats[2].connected);
    start(&mut host, &mut guest).await;
    play(&mut host, &mut guest, 5000).await;
    check_the_end(&host, &["host-nonce", "", "guest-nonce", ""]);
    // Everyone saw the same events.
    guest.catch_up(host.last()).await;
    assert_eq!(guest.events, host.events);
    let computers = host
        .events
        .iter()
        .filter(|e| matches!(&e.event, Event::Played { colour, .. } if colour == "green" || colour == "blue"))
        .count();
    assert!(computers > 0, "the computers played");
    // A rematch in the same room with the same seats.
    host.send(Request::Nonce {
        nonce: "again".into(),
    })
    .await;
    start(&mut host, &mut guest).await;
    assert!(host.view.position.is_some() && host.view.ended.is_none());
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_answered_and_harms_no_one() {
    let db = temp_db("bad");
    let mut config = test_config(db.clone());
    config.limits.burst = 10;
    config.limits.per_second = 5;
    config.limits.kick_after = 60;
    config.limits.rooms_per_address = 3;
    let server = Server::start(config).await.unwrap();
    let addr = server.local_addr();
    let (mut host, mut guest, room) = room_of_two(&server, two_people(), 0, 1).await;
    start(&mut host, &mut guest).await;
    let before = host.last();

    // Out of turn: red moves first.
    guest.send(Request::Roll).await;
    let (code, message) = guest.error().await;
    assert_eq!(code, ErrorCode::NotYourTurn);
    assert_eq!(message, "it is red's turn");
    guest
        .send(Request::Move {
            mv: "home-o1".into(),
        })
        .await;
    assert_eq!(guest.error().await.0, ErrorCode::NotYourTurn);

    // Illegal: a move before the roll, a pass while a move exists, a
    // pawn that cannot get there; and a text that is no move.
    host.send(Request::Move {
        mv: "home-c1".into(),
    })
    .await;
    let (code, message) = host.error().await;
    assert_eq!(code, ErrorCode::Illegal);
    assert!(message.contains("the die has not been rolled"), "{message}");
    host.send(Request::Roll).await;
    host.catch_up(before + 1).await;
    host.send(Request::Pass).await;
    let (code, message) = host.error().await;
    assert_eq!(code, ErrorCode::Illegal);
    assert!(message.contains("passing is not allowed"), "{message}");
    host.send(Request::Move {
        mv: "home-i9".into(),
    })
    .await;
    let (code, message) = host.error().await;
    assert_eq!(code, ErrorCode::Illegal);
    assert!(
        message.contains("no pawn can go from home to i9"),
        "{message}"
    );
    host.send(Request::Move {
        mv: "fly to the goal".into(),
    })
    .await;
    assert_eq!(host.error().await.0, ErrorCode::BadMove);

    // Garbage, binary, an unknown type, oversized.
    let mut stranger = Client::connect(addr).await;
    stranger.send_text("{not json").await;
    assert_eq!(stranger.error().await.0, ErrorCode::BadMessage);
    stranger
        .send_raw(Message::binary(vec![0u8, 159, 146, 150]))
        .await;
    assert_eq!(stranger.error().await.0, ErrorCode::BadMessage);
    stranger.send_text(r#"{"type":"teleport"}"#).await;
    assert_eq!(stranger.error().await.0, ErrorCode::BadMessage);
    let quoted = format!(r#"{{"type":"{}"}}"#, "é".repeat(300));
    stranger.send_text(&quoted).await;
    assert_eq!(stranger.error().await.0, ErrorCode::BadMessage);
    stranger.send(Request::Roll).await;
    assert_eq!(stranger.error().await.0, ErrorCode::NotInRoom);
    let big = format!(r#"{{"type":"join","room":"{}"}}"#, "a".repeat(10_000));
    stranger.send_text(&big).await;
    assert_eq!(stranger.error().await.0, ErrorCode::TooBig);

    // Unknown rooms and wrong tokens.
    let (code, _) = match stranger
        .join("0123456789abcdef0123456789abcdef", None, 0)
        .await
    {
        ServerMessage::Error { code, message } => (code, message),
        other => panic!("{other:?}"),
    };
    assert_eq!(code, ErrorCode::UnknownRoom);
    let answer = stranger.join("../../etc/passwd", None, 0).await;
    assert!(matches!(
        answer,
        ServerMessage::Error {
            code: ErrorCode::UnknownRoom,
            ..
        }
    ));
    let answer = stranger
        .join(&room, Some("00000000000000000000000000000000"), 0)
        .await;
    assert!(matches!(
        answer,
        ServerMessage::Error {
            code: ErrorCode::BadToken,
            ..
        }
    ));

    // A spectator may watch but not play.
    let mut watcher = Client::connect(addr).await;
    let welcome = watcher.join(&room, None, 0).await;
    assert!(matches!(welcome, ServerMessage::Welcome { ref you, .. } if you.spectator));
    watcher.send(Request::Roll).await;
    assert_eq!(watcher.error().await.0, ErrorCode::NoSeat);

    // A flood from the watcher: dropped with one warning a second, then
    // the connection is closed (1008).
    for _ in 0..40 {
        watcher.send(Request::Back).await;
    }
    let flood = watcher
        .until(|m| {
            matches!(
                m,
                ServerMessage::Error {
                    code: ErrorCode::RateLimited,
                    ..
                }
            )
        })
        .await;
    assert!(matches!(flood, ServerMessage::Error { .. }));
    for _ in 0..5000 {
        if !watcher.try_send_text("{}").await {
            break;
        }
    }
    let mut closed_by_policy = false;
    while let Some(m) = watcher.recv_raw().await {
        if let Message::Close(Some(frame)) = m {
            closed_by_policy = u16::from(frame.code) == 1008;
            break;
        }
    }
    assert!(closed_by_policy, "a flood ends in a close with code 1008");

    // A message past the WebSocket limit closes that connection only.
    let mut huge = Client::connect(addr).await;
    huge.send_text(&"x".repeat(100_000)).await;
    let mut ended = false;
    while let Some(m) = huge.recv_raw().await {
        if matches!(m, Message::Close(_)) {
            ended = true;
            break;
        }
    }
    let _ = ended; // Closed one way or another: recv_raw returned.

    // Too many rooms from one address (3 allowed, one opened above).
    for _ in 0..2 {
        let mut c = Client::connect(addr).await;
        c.create(two_people(), "x").await;
    }
    let mut c = Client::connect(addr).await;
    c.send(Request::Create {
        settings: two_people(),
        name: String::new(),
    })
    .await;
    assert_eq!(c.error().await.0, ErrorCode::TooManyRooms);

    // Nothing of that changed the room: the only event since the start
    // is red's roll, and the game goes on for both players.
    assert_eq!(host.last(), before + 1);
    let action = greedy(&host.view).unwrap();
    host.send(action).await;
    host.catch_up(before + 2).await;
    guest.catch_up(before + 2).await;
    assert_eq!(guest.events, host.events);
    assert!(
        matches!(host.events.last().map(|e| &e.event), Some(Event::Played { colour, .. }) if colour == "red")
    );
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_receives_exactly_the_missed_events() {
    let db = temp_db("reconnect");
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let addr = server.local_addr();
    let (mut host, mut guest, room) = room_of_two(&server, two_people(), 0, 1).await;
    let mut watcher = Client::connect(addr).await;
    watcher.join(&room, None, 0).await;
    let mut away = Client::connect(addr).await;
    away.join(&room, None, 0).await;
    start(&mut host, &mut guest).await;
    play(&mut host, &mut guest, 4).await;
    away.catch_up(host.last()).await;
    let left_at = away.last();
    away.close().await;

    // Blue drops too; red sees blue's seat go, then come back.
    let guest_token = guest.token.clone();
    play(&mut host, &mut guest, 6).await;
    let guest = guest.reopen(addr).await;
    host.until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: Event::Presence {
                    seat: 1,
                    connected: false
                },
                ..
            }
        )
    })
    .await;
    assert!(!host.view.seats[1].connected);
    let mut guest = guest;
    let welcome = guest.rejoin().await;
    match welcome {
        ServerMessage::Welcome { you, .. } => {
            assert_eq!(you.seats, [1], "the token gives the same seat")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(guest.token, guest_token);
    host.until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: Event::Presence {
                    seat: 1,
                    connected: true
                },
                ..
            }
        )
    })
    .await;
    play(&mut host, &mut guest, 6).await;

    // The spectator comes back: exactly the events it missed, in order.
    watcher.catch_up(host.last()).await;
    let mut back = Client::connect(addr).await;
    let welcome = back.join(&room, None, left_at).await;
    let ServerMessage::Welcome { last, .. } = welcome else {
        panic!("{welcome:?}");
    };
    assert_eq!(last, host.last());
    let missed: Vec<_> = watcher
        .events
        .iter()
        .filter(|e| e.n > left_at)
        .cloned()
        .collect();
    assert_eq!(back.events, missed);
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_loses_no_room_seat_or_move() {
    let db = temp_db("restart");
    let settings = settings(json!({
        "board": "quick",
        "seats": [
            {"colour": "red", "player": "person"},
            {"colour": "green", "player": "computer", "level": "easy"},
            {"colour": "blue", "player": "person"}
        ]
    }));
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let (mut host, mut guest, _) = room_of_two(&server, settings, 0, 2).await;
    start(&mut host, &mut guest).await;
    play(&mut host, &mut guest, 12).await;
    guest.catch_up(host.last()).await;
    let seen = host.last();

    // Stop mid-game: both connections are closed ("restarting").
    server.stop().await.unwrap();
    for c in [&mut host, &mut guest] {
        let mut code = None;
        while let Some(m) = c.recv_raw().await {
            if let Message::Close(Some(f)) = m {
                code = Some(u16::from(f.code));
                break;
            }
        }
        assert_eq!(code, Some(1012));
    }

    // Start again on the same file, at another port; both come back with
    // their tokens and the last number they have.
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let addr = server.local_addr();
    let mut host = host.reopen(addr).await;
    let mut guest = guest.reopen(addr).await;
    for c in [&mut host, &mut guest] {
        match c.rejoin().await {
            ServerMessage::Welcome { last, you, .. } => {
                assert!(last >= seen);
                assert_eq!(you.seats.len(), 1);
            }
            other => panic!("{other:?}"),
        }
    }
    guest.catch_up(host.last()).await;
    host.catch_up(guest.last()).await;
    play(&mut host, &mut guest, 5000).await;
    check_the_end(&host, &["host-nonce", "", "guest-nonce"]);
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_is_served_with_its_content_types() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir =
        std::env::temp_dir().join(format!("barricade-server-test-site-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html><head><title>B</title></head></html>",
    )
    .unwrap();
    std::fs::write(dir.join("app_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    let words = "title Barricade\n".repeat(200);
    std::fs::write(dir.join("en.txt"), &words).unwrap();
    let db = temp_db("site");
    let server = Server::start(Config {
        site: Some(dir.clone()),
        ..test_config(db.clone())
    })
    .await
    .unwrap();
    let get = |path: &str, accept: &str| {
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{accept}Connection: close\r\n\r\n");
        let addr = server.local_addr();
        async move {
            let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
            tcp.write_all(request.as_bytes()).await.unwrap();
            let mut response = Vec::new();
            tcp.read_to_end(&mut response).await.unwrap();
            response
        }
    };
    for (path, kind) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/app_bg.wasm", "application/wasm"),
    ] {
        let response = get(path, "").await;
        let text = String::from_utf8_lossy(&response).to_lowercase();
        assert!(text.starts_with("http/1.1 200"), "{path}: {text}");
        assert!(
            text.contains(&format!("content-type: {kind}")),
            "{path}: {text}"
        );
        // The page says that rooms are here ("Play online").
        if kind == "text/html" {
            assert!(text.contains(r#"<meta name="barricade-rooms" content="/rooms" />"#));
        }
    }
    // No sniffing of content types; `//sub` is no redirect to another
    // host (`Location: //sub/`), only `/sub` to `/sub/`.
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let text = String::from_utf8_lossy(&get("/app_bg.wasm", "").await).to_lowercase();
    assert!(text.contains("x-content-type-options: nosniff"), "{text}");
    let text = String::from_utf8_lossy(&get("//sub", "").await).to_lowercase();
    assert!(text.starts_with("http/1.1 404"), "{text}");
    assert!(!text.contains("location: //"), "{text}");
    let text = String::from_utf8_lossy(&get("/sub", "").await).to_lowercase();
    assert!(text.contains("location: /sub/"), "{text}");
    // Compressed for a browser that accepts gzip, as static hosts do; plain
    // for one that does not.
    let plain = get("/en.txt", "").await;
    assert!(!String::from_utf8_lossy(&plain).contains("content-encoding"));
    assert!(plain.len() > words.len());
    let packed = get("/en.txt", "Accept-Encoding: gzip\r\n").await;
    let head = String::from_utf8_lossy(&packed[..packed.len().min(400)]).to_lowercase();
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert!(packed.len() < words.len() / 4, "{} bytes", packed.len());
    server.stop().await.unwrap();
    remove_db(&db);
    let _ = std::fs::remove_dir_all(dir);
}
