//! The page and the server agree: a room is played on 127.0.0.1, a
//! spectator records every event it receives, and the shared fold of
//! those events ([`RoomView`], the one the page uses) is compared with
//! the server's own room, as it stored it (the snapshot in the database,
//! restored by the server's own code).

mod support;

use barricade_protocol::{Event, Request, RoomView, ServerMessage, SettingsJson};
use barricade_server::Server;
use barricade_server::room::{Room, Snapshot};
use barricade_server::store::Store;
use serde_json::json;
use std::time::{Duration, Instant};
use support::{Client, greedy, remove_db, settings, temp_db, test_config, turn_seat};

fn four_seats() -> SettingsJson {
    settings(json!({
        "board": "quick",
        "seats": [
            {"colour": "red", "player": "person"},
            {"colour": "green", "player": "computer", "level": "easy"},
            {"colour": "yellow", "player": "person"},
            {"colour": "blue", "player": "computer"}
        ]
    }))
}

/// Plays until the game is over or `limit` actions of the people were
/// sent; the spectator keeps up.
async fn play(people: &mut [&mut Client], watcher: &mut Client, limit: usize) {
    let mut sent = 0;
    while watcher.view.playing && sent < limit {
        let target = watcher.last();
        let seat = turn_seat(&watcher.view).expect("a seat");
        if let Some(mover) = people.iter_mut().find(|c| c.seats.contains(&seat)) {
            mover.catch_up(target).await;
            if let Some(action) = greedy(&mover.view) {
                mover.send(action).await;
                sent += 1;
            }
        }
        // The action's event, the computer's next one, or the end.
        watcher.catch_up(target + 1).await;
        for c in people.iter_mut() {
            c.catch_up(watcher.last()).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shared_fold_of_the_events_is_the_servers_own_room() {
    let db = temp_db("agreement");
    let server = Server::start(test_config(db.clone())).await.unwrap();
    let addr = server.local_addr();
    let mut host = Client::connect(addr).await;
    let room = host.create(four_seats(), "Ann").await;
    let mut watcher = Client::connect(addr).await;
    watcher.join(&room, None, 0).await;
    host.take(0, "Ann", "host-nonce").await;
    let mut guest = Client::connect(addr).await;
    guest.join(&room, None, 0).await;
    guest.take(2, "Bob", "guest-nonce").await;
    watcher.catch_up(guest.last()).await;

    // A whole game, a rematch, and the guest leaving in the middle of it
    // (the computer plays the seat to the end).
    host.send(Request::Start).await;
    watcher.catch_up(guest.last() + 1).await;
    play(&mut [&mut host, &mut guest], &mut watcher, 5000).await;
    assert!(watcher.view.ended.is_some(), "the first game is over");
    host.send(Request::Nonce {
        nonce: "again".into(),
    })
    .await;
    host.send(Request::Start).await;
    host.until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: Event::Started { game: 2, .. },
                ..
            }
        )
    })
    .await;
    watcher.catch_up(host.last()).await;
    play(&mut [&mut host, &mut guest], &mut watcher, 10).await;
    guest.send(Request::Leave).await;
    guest.until(|m| matches!(m, ServerMessage::Left)).await;
    play(&mut [&mut host], &mut watcher, 6).await;
    watcher.catch_up(host.last()).await;
    let seen = watcher.view.clone();
    assert_eq!(seen, RoomView::of(&watcher.events), "one fold, however fed");
    assert_eq!(seen.games, 2);
    assert_eq!(seen.seats[2].name, None, "the guest's seat is free");
    assert!(!seen.rolls.is_empty() && !seen.moves.is_empty());

    // The server's own room: its snapshot, restored by its own code. The
    // restart's events (nobody is connected now) and any the server stored
    // after the spectator's last are folded too, as a page that comes back
    // would.
    server.stop().await.unwrap();
    let store = Store::open(&db).unwrap();
    let stored = store
        .load(&room)
        .await
        .unwrap()
        .expect("the room is stored");
    let later = store.events_since(&room, seen.last).await.unwrap();
    tokio::task::spawn_blocking(move || store.close())
        .await
        .unwrap();
    let snapshot: Snapshot = serde_json::from_str(&stored).unwrap();
    let (restored, restart_events) =
        Room::restore(&snapshot, Duration::from_secs(60), Instant::now()).unwrap();
    let mut folded = seen.clone();
    for text in &later {
        match ServerMessage::from_json(text) {
            Some(ServerMessage::Event { n, event }) => {
                folded.fold(n, &event);
            }
            other => panic!("a stored event: {other:?}"),
        }
    }
    for e in &restart_events {
        folded.fold(e.n, &e.event);
    }
    assert_eq!(folded.out_of_step, None);
    assert!(folded.seats.iter().all(|s| !s.connected));
    assert_eq!(restored.view(), folded);
    remove_db(&db);
}
