//! The rooms server as an attacker and bad luck would try it (issue
//! #47), on 127.0.0.1: spectators filling a room, clients that read
//! nothing or send nothing, floods over new connections, a `since` ahead
//! of the room, invisible names, damaged databases, foreign origins, bad
//! frames. The timeouts in the configs are short (1 s) so that each test
//! takes a few seconds; no test asserts a time, except that a stop ends
//! within 5 s.

mod support;

use barricade_protocol::{ErrorCode, Event, Request, ServerMessage};
use barricade_server::Server;
use barricade_server::config::AllowOrigin;
use serde_json::json;
use std::time::Duration;
use support::{
    Client, close_code, frame, raw_socket, read_until_closed, remove_db, settings, temp_db,
    test_config,
};
use tokio::io::AsyncWriteExt;

fn two_people() -> barricade_protocol::SettingsJson {
    settings(
        json!({"seats": [{"colour": "red", "player": "person"}, {"colour": "blue", "player": "person"}]}),
    )
}

/// The player to move of a started room rolls, and sees the roll come
/// back; returns that player.
async fn roll_for_the_mover<'a>(host: &'a mut Client, guest: &'a mut Client) -> &'a mut Client {
    let mover = if support::turn_seat(&host.view) == Some(0) {
        host
    } else {
        guest
    };
    mover.send(Request::Roll).await;
    mover
        .until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: Event::Rolled { .. },
                    ..
                }
            )
        })
        .await;
    mover
}

/// A started room of two: the host in seat 0, a guest in seat 1.
async fn started_room(server: &Server) -> (Client, Client, String) {
    let mut host = Client::connect(server.local_addr()).await;
    let room = host.create(two_people(), "Ann").await;
    host.take(0, "Ann", "host-nonce").await;
    let mut guest = Client::connect(server.local_addr()).await;
    guest.join(&room, None, 0).await;
    guest.take(1, "Bob", "guest-nonce").await;
    host.catch_up(guest.last()).await;
    host.send(Request::Start).await;
    host.until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: Event::Started { .. },
                ..
            }
        )
    })
    .await;
    guest.catch_up(host.last()).await;
    (host, guest, room)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_get_into_a_room_that_spectators_filled() {
    let db = temp_db("spectators");
    let config = test_config(db.clone());
    let (room_cap, spectator_cap) = (
        config.limits.connections_per_room,
        config.limits.spectators_per_room,
    );
    let server = Server::start(config).await.unwrap();
    let addr = server.local_addr();
    let (host, guest, room) = started_room(&server).await;
    let token = guest.token.clone().unwrap();
    // 62 spectators: as many as the room takes beside its two players.
    let mut watching = Vec::new();
    let mut refused = 0;
    for _ in 0..room_cap - 2 {
        let mut spectator = Client::connect(addr).await;
        match spectator.join(&room, None, 0).await {
            ServerMessage::Welcome { .. } => watching.push(spectator),
            ServerMessage::Error { code, .. } => {
                assert_eq!(code, ErrorCode::RoomFull);
                refused += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(watching.len(), spectator_cap);
    assert_eq!(refused, room_cap - 2 - spectator_cap);
    // The guest's socket closes; another spectator tries to take its place.
    guest.close().await;
    let mut another = Client::connect(addr).await;
    let answer = another.join(&room, None, 0).await;
    assert!(
        matches!(
            answer,
            ServerMessage::Error {
                code: ErrorCode::RoomFull,
                ..
            }
        ),
        "{answer:?}"
    );
    // The guest comes back, and the host's second device gets in too.
    let mut back = Client::connect(addr).await;
    let answer = back.join(&room, Some(&token), 0).await;
    assert!(
        matches!(answer, ServerMessage::Welcome { .. }),
        "{answer:?}"
    );
    let mut second = Client::connect(addr).await;
    let answer = second.join(&room, host.token.as_deref(), 0).await;
    assert!(
        matches!(answer, ServerMessage::Welcome { .. }),
        "{answer:?}"
    );
    drop((host, watching, another));
    server.stop().await.unwrap();
    remove_db(&db);
}

/// Sends `join`s with `since` 0 on the write half of a raw socket whose
/// receive buffer is small and never read, until the server cuts the
/// connection; gives the half back.
fn flood_of_joins(
    mut tcp: tokio::net::tcp::OwnedWriteHalf,
    room: &str,
) -> tokio::task::JoinHandle<tokio::net::tcp::OwnedWriteHalf> {
    let join = json!({"type": "join", "room": room, "since": 0}).to_string();
    let one = frame(0x81, join.as_bytes());
    tokio::spawn(async move {
        while tcp.write_all(&one).await.is_ok() {}
        tcp
    })
}

/// A config whose connections may send as fast as they like.
fn unlimited(db: std::path::PathBuf) -> barricade_server::Config {
    let mut config = test_config(db);
    config.limits.burst = 1_000_000;
    config.limits.per_second = 1_000_000;
    config
}

fn welcomes(bytes: &[u8]) -> usize {
    String::from_utf8_lossy(bytes)
        .matches(r#""type":"welcome""#)
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_reads_nothing_is_dropped_and_the_room_goes_on() {
    let db = temp_db("unread");
    let mut config = unlimited(db.clone());
    config.limits.write_timeout = Duration::from_secs(1);
    // Only the write timeout may end the stalled connection.
    config.limits.idle_timeout = Duration::from_secs(600);
    let server = Server::start(config).await.unwrap();
    let addr = server.local_addr();
    let (mut host, mut guest, room) = started_room(&server).await;
    let (mut unread, write) = raw_socket(addr, "", Some(4096)).await.unwrap().into_split();
    let flood = flood_of_joins(write, &room);
    // The room goes on meanwhile.
    roll_for_the_mover(&mut host, &mut guest).await;
    // The flood ends when the server cuts the connection.
    let write = tokio::time::timeout(support::PATIENCE, flood)
        .await
        .expect("the server cuts the connection")
        .unwrap();
    // Reading it now gives what the server had sent, then the end.
    let got = read_until_closed(&mut unread).await;
    assert!(welcomes(&got) > 0);
    drop(write);
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_with_a_client_that_reads_nothing_ends_soon_and_loses_no_event() {
    let db = temp_db("stop-unread");
    let mut config = unlimited(db.clone());
    // The stop alone must end the stalled connection.
    config.limits.write_timeout = Duration::from_secs(600);
    config.limits.idle_timeout = Duration::from_secs(600);
    let server = Server::start(config.clone()).await.unwrap();
    let addr = server.local_addr();
    let (mut host, mut guest, room) = started_room(&server).await;
    let (unread, write) = raw_socket(addr, "", Some(4096)).await.unwrap().into_split();
    let flood = flood_of_joins(write, &room);
    // A few actions while it floods.
    for _ in 0..6 {
        let seat = support::turn_seat(&host.view).expect("a game");
        let mover = if seat == 0 { &mut host } else { &mut guest };
        let Some(action) = support::greedy(&mover.view) else {
            break;
        };
        let before = mover.last();
        mover.send(action).await;
        mover.catch_up(before + 1).await;
        let last = mover.last();
        host.catch_up(last).await;
        guest.catch_up(last).await;
    }
    let seen = host.events.clone();
    // Give the flood time to fill the buffers, then stop.
    tokio::time::sleep(Duration::from_millis(500)).await;
    tokio::time::timeout(Duration::from_secs(5), server.stop())
        .await
        .expect("the server stops within 5 s")
        .unwrap();
    flood.abort();
    drop(unread);
    // Every event the host saw is there after a restart, numbered the same.
    let again = Server::start(config).await.unwrap();
    let mut back = Client::connect(again.local_addr()).await;
    back.join(&room, host.token.as_deref(), 0).await;
    assert!(back.events.len() >= seen.len());
    assert_eq!(back.events[..seen.len()], seen[..]);
    again.stop().await.unwrap();
    remove_db(&db);
}

/// A connection from `ip` (behind a proxy), once the server has seen
/// the address's earlier ones go (429 until then).
async fn connect_retrying(addr: std::net::SocketAddr, ip: &str) -> Client {
    let start = std::time::Instant::now();
    loop {
        match Client::connect_with(addr, &[("x-forwarded-for", ip)]).await {
            Ok(c) => return c,
            Err(429) if start.elapsed() < support::PATIENCE => {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(status) => panic!("HTTP {status}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_over_new_connections_from_one_address_is_limited() {
    let db = temp_db("guessing");
    let mut config = test_config(db.clone());
    config.trust_forwarded = true;
    config.limits.connections_per_address = 4;
    config.limits.unknown_rooms_per_address = 5;
    config.limits.address_burst = 40;
    config.limits.address_per_second = 0;
    let server = Server::start(config).await.unwrap();
    let addr = server.local_addr();
    let from = |ip: &'static str| [("x-forwarded-for", ip)];
    // A player from another address.
    let mut host = Client::connect_with(addr, &from("192.0.2.1"))
        .await
        .unwrap();
    let room = host.create(two_people(), "Ann").await;
    // Id guessing, a new connection for every try.
    let mut unknown = 0;
    let mut limited = 0;
    for i in 0..30 {
        let mut guess = connect_retrying(addr, "198.51.100.7").await;
        let id = format!("{i:032x}");
        match guess.join(&id, None, 0).await {
            ServerMessage::Error {
                code: ErrorCode::UnknownRoom,
                ..
            } => unknown += 1,
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            } => limited += 1,
            other => panic!("{other:?}"),
        }
        guess.close().await;
    }
    assert_eq!(unknown, 5, "looked up");
    assert_eq!(limited, 25);
    // Its messages share one bucket: 40 over all its connections (and
    // no more after them, in this config), however many it opens.
    let mut answered = 0;
    let mut dropped = 0;
    for _ in 0..60 {
        let mut c = connect_retrying(addr, "198.51.100.8").await;
        c.send_text("{}").await;
        match c.error().await.0 {
            ErrorCode::BadMessage => answered += 1,
            ErrorCode::RateLimited => dropped += 1,
            other => panic!("{other:?}"),
        }
        c.close().await;
    }
    assert_eq!((answered, dropped), (40, 20));
    // At most 4 connections at once from one address.
    let mut open = Vec::new();
    for _ in 0..4 {
        open.push(
            Client::connect_with(addr, &from("203.0.113.9"))
                .await
                .unwrap(),
        );
    }
    let fifth = Client::connect_with(addr, &from("203.0.113.9")).await;
    assert_eq!(fifth.err(), Some(429));
    // The player's address was never limited.
    let mut guest = Client::connect_with(addr, &from("192.0.2.2"))
        .await
        .unwrap();
    let answer = guest.join(&room, None, 0).await;
    assert!(
        matches!(answer, ServerMessage::Welcome { .. }),
        "{answer:?}"
    );
    drop((open, host));
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_sockets_and_slow_requests_are_dropped() {
    let db = temp_db("idle");
    let mut config = test_config(db.clone());
    config.limits.idle_timeout = Duration::from_secs(1);
    config.limits.http_timeout = Duration::from_secs(1);
    let server = Server::start(config).await.unwrap();
    let addr = server.local_addr();
    // A WebSocket that never answers the pings is closed (1001).
    let mut idle = raw_socket(addr, "", None).await.unwrap();
    let got = read_until_closed(&mut idle).await;
    assert_eq!(close_code(&got), Some(1001), "{got:?}");
    // An HTTP request sent a byte at a time is cut.
    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (mut read, mut write) = slow.split();
    let drip = async {
        for b in b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: "
            .iter()
            .chain([b'a'; 10_000].iter())
        {
            if write.write_all(&[*b]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    tokio::select! {
        _ = read_until_closed(&mut read) => {}
        () = drip => panic!("the slow request was never cut"),
    }
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_since_ahead_of_the_room_is_refused() {
    let db = temp_db("ahead");
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let mut host = Client::connect(server.local_addr()).await;
    let room = host.create(two_people(), "Ann").await;
    let last = host.last();
    let mut back = Client::connect(server.local_addr()).await;
    let token = host.token.clone();
    match back.join(&room, token.as_deref(), last + 2).await {
        ServerMessage::Error { code, message } => {
            assert_eq!(code, ErrorCode::SinceAhead);
            assert!(
                message.contains(&format!("last event is {last}")),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    // The same connection then loads the room from the start.
    back.events.clear();
    back.partial = false;
    back.base = 0;
    let answer = back.join(&room, token.as_deref(), 0).await;
    assert!(
        matches!(answer, ServerMessage::Welcome { .. }),
        "{answer:?}"
    );
    assert_eq!(back.last(), last);
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_normalized_and_an_invisible_one_is_refused() {
    let db = temp_db("names");
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let mut nobody = Client::connect(server.local_addr()).await;
    nobody
        .send(Request::Create {
            settings: two_people(),
            name: "\u{200b}\u{2060}".into(),
        })
        .await;
    assert_eq!(nobody.error().await.0, ErrorCode::BadName);
    let mut host = Client::connect(server.local_addr()).await;
    let room = host.create(two_people(), "Ann").await;
    host.send(Request::Take {
        seat: 0,
        name: "\u{200b}\u{feff}".into(),
        nonce: None,
    })
    .await;
    let (code, message) = host.error().await;
    assert_eq!(code, ErrorCode::BadName);
    assert_eq!(message, "a name needs at least one visible character");
    host.take(0, "\u{202e}evil.exe", "n").await;
    let mut guest = Client::connect(server.local_addr()).await;
    guest.join(&room, None, 0).await;
    guest.take(1, "Jose\u{301}  \u{200d}Bob", "m").await;
    host.catch_up(guest.last()).await;
    let names: Vec<String> = host
        .events
        .iter()
        .filter_map(|e| match &e.event {
            Event::SeatTaken { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["evil.exe", "Jos\u{e9} Bob"]);
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_is_checked_at_start() {
    // Not a database at all.
    let db = temp_db("damaged");
    std::fs::write(&db, vec![0x5a; 8192]).unwrap();
    let e = Server::start(test_config(db.clone())).await.unwrap_err();
    let text = e.to_string();
    assert!(text.contains(&db.display().to_string()), "{text}");
    assert!(text.contains("is damaged"), "{text}");
    remove_db(&db);
    // A database whose pages were cut off.
    let db = temp_db("cut");
    let server = Server::start(test_config(db.clone())).await.unwrap();
    for _ in 0..20 {
        let mut host = Client::connect(server.local_addr()).await;
        host.create(two_people(), "Ann").await;
    }
    server.stop().await.unwrap();
    let len = std::fs::metadata(&db).unwrap().len();
    assert!(len > 3 * 4096, "{len} bytes");
    let file = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
    file.set_len(len / 2).unwrap();
    drop(file);
    let e = Server::start(test_config(db.clone())).await.unwrap_err();
    assert!(e.to_string().contains("is damaged"), "{e}");
    remove_db(&db);
    // An empty file starts empty (with a warning in the log).
    let db = temp_db("empty");
    std::fs::write(&db, b"").unwrap();
    let server = Server::start(test_config(db.clone())).await.unwrap();
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rolling_twice_says_the_die_is_already_rolled() {
    let db = temp_db("roll-twice");
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let (mut host, mut guest, _) = started_room(&server).await;
    let mover = roll_for_the_mover(&mut host, &mut guest).await;
    mover.send(Request::Roll).await;
    let (code, message) = mover.error().await;
    assert_eq!(code, ErrorCode::Illegal);
    assert!(
        message.starts_with("roll is not legal: the die is already rolled (a "),
        "{message}"
    );
    server.stop().await.unwrap();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_and_bad_frames_are_refused() {
    let db = temp_db("origins");
    let mut config = test_config(db.clone());
    config.allow_origin = AllowOrigin::Own;
    let server = Server::start(config).await.unwrap();
    let addr = server.local_addr();
    let own = format!("http://{addr}");
    assert_eq!(
        Client::connect_with(addr, &[("origin", "https://evil.example")])
            .await
            .err(),
        Some(403)
    );
    assert!(
        Client::connect_with(addr, &[("origin", &own)])
            .await
            .is_ok()
    );
    // Programs that send no Origin are not browsers: not checked.
    Client::connect(addr).await;
    // Bad frames are closed with the code RFC 6455 asks for.
    for (bytes, code) in [
        (frame(0x83, b"x"), 1002),        // a reserved opcode
        (frame(0xC1, b"{}"), 1002),       // a reserved bit
        (frame(0x81, b"\xff\xfe"), 1007), // text that is not UTF-8
    ] {
        let mut raw = raw_socket(addr, "", None).await.unwrap();
        raw.write_all(&bytes).await.unwrap();
        let got = read_until_closed(&mut raw).await;
        assert_eq!(close_code(&got), Some(code), "{bytes:?}: {got:?}");
    }
    server.stop().await.unwrap();
    remove_db(&db);
}
