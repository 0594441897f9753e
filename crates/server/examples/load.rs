//! A load benchmark of the rooms server (not a test): many rooms of four
//! client bots each, against one server process, on loopback only.
//!
//! ```sh
//! cargo run --release -p barricade-server --example load -- --rooms 1000 --seconds 60
//! ```
//!
//! The example starts the server as a child process (itself with
//! `--serve`, on 127.0.0.1 with an OS-chosen port and a database in the
//! temp folder), so that the server's memory and CPU are measured apart
//! from the clients'. Each room has four person seats played by four
//! WebSocket clients with the greedy policy, one action (a roll or a
//! move) every `--pace-ms` per room (default 1000: faster than people
//! play), rematches after each game. For every action it measures the
//! time from sending it to its event having reached all four clients of
//! the room. Everything stops by itself after `--seconds` (the server
//! child after 120 s more at the latest).
//!
//! Options: `--rooms N` (1000), `--seconds S` (60), `--pace-ms MS`
//! (1000), `--setup N` (rooms set up at once, 32). The server's limits
//! per address (rooms, connections, messages) are raised, since all the
//! clients come from 127.0.0.1, and its rate limit per connection is
//! 1000 a second; it says so at start.

#[path = "../tests/support/mod.rs"]
mod support;

use barricade_protocol::Request;
use barricade_server::Server;
use serde_json::json;
use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{Client, greedy, remove_db, settings, temp_db, test_config, turn_seat};

struct Args {
    rooms: usize,
    seconds: u64,
    pace: Duration,
    setup: usize,
    serve: bool,
}

fn args() -> Args {
    let mut a = Args {
        rooms: 1000,
        seconds: 60,
        pace: Duration::from_millis(1000),
        setup: 32,
        serve: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || -> u64 {
            it.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{flag} needs a number"))
        };
        match flag.as_str() {
            "--rooms" => a.rooms = value() as usize,
            "--seconds" => a.seconds = value(),
            "--pace-ms" => a.pace = Duration::from_millis(value()),
            "--setup" => a.setup = value() as usize,
            "--serve" => a.serve = true,
            other => panic!("unknown option {other}"),
        }
    }
    a
}

fn main() {
    let args = args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    if args.serve {
        runtime.block_on(serve(args.seconds));
    } else {
        runtime.block_on(drive(args));
    }
}

/// The server child: prints its address, serves until its standard input
/// closes or the time is up.
async fn serve(seconds: u64) {
    let db = temp_db("load");
    let mut config = test_config(db.clone());
    // The 4,000 clients all come from 127.0.0.1 and play faster than
    // people: the limits per address and per connection are raised (the
    // others are the defaults, `barricade serve`'s).
    let limits = &mut config.limits;
    limits.rooms_per_address = usize::MAX;
    limits.connections_per_address = usize::MAX;
    limits.address_burst = u32::MAX;
    limits.address_per_second = u32::MAX;
    limits.burst = 1000;
    limits.per_second = 1000;
    eprintln!(
        "load: limits raised for one address: --rooms-per-address, --connections-per-address, --address-burst, --address-per-second (all unlimited), --burst 1000, --per-second 1000"
    );
    let server = Server::start(config).await.expect("the server starts");
    println!("listening {}", server.local_addr());
    let (done, wait) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let mut sink = Vec::new();
        let _ = std::io::stdin().read_to_end(&mut sink);
        let _ = done.send(());
    });
    tokio::select! {
        _ = wait => {}
        () = tokio::time::sleep(Duration::from_secs(seconds)) => {}
    }
    let l = server.latency();
    let ms = |p: f64| {
        l.percentile(p)
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "inside the server, request -> events stored and sent (ms, within 10%): p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2} ({} requests)",
        ms(0.5),
        ms(0.9),
        ms(0.99),
        ms(1.0),
        l.count()
    );
    server.stop().await.expect("a clean stop");
    remove_db(&db);
}

/// Resident memory of a process in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// User + system CPU time of a process in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // After the name: state is field 3, utime 14 and stime 15.
    let get = |i: usize| {
        fields
            .get(i - 3)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    get(14) + get(15)
}

fn clock_ticks() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse().ok())
        .unwrap_or(100.0)
}

#[derive(Default)]
struct Stats {
    latencies_us: Vec<u32>,
    games: u32,
    setup_failed: bool,
}

async fn drive(args: Args) {
    let fds = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    if let Some(line) = fds.lines().find(|l| l.starts_with("Max open files")) {
        eprintln!("load: {line}");
    }
    let exe = std::env::current_exe().expect("the example's path");
    let mut child = Command::new(exe)
        .args(["--serve", "--seconds", &(args.seconds + 120).to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server child");
    let pid = child.id();
    let mut out = BufReader::new(child.stdout.take().expect("its output"));
    let mut line = String::new();
    out.read_line(&mut line).expect("its address");
    let addr: SocketAddr = line
        .trim()
        .strip_prefix("listening ")
        .and_then(|a| a.parse().ok())
        .expect("listening <addr>");
    let tck = clock_ticks();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_empty = rss_kib(pid);
    eprintln!(
        "load: server {pid} at {addr}, {rss_empty} KiB; setting up {} rooms",
        args.rooms
    );

    let setup_gate = Arc::new(tokio::sync::Semaphore::new(args.setup.max(1)));
    let ready = Arc::new(tokio::sync::Barrier::new(args.rooms + 1));
    let go = Arc::new(tokio::sync::Notify::new());
    let start = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..args.rooms {
        let (gate, ready, go) = (setup_gate.clone(), ready.clone(), go.clone());
        let (pace, rooms, seconds) = (args.pace, args.rooms, args.seconds);
        tasks.push(tokio::spawn(async move {
            room(addr, i, rooms, pace, seconds, gate, ready, go).await
        }));
    }
    ready.wait().await;
    let setup = start.elapsed();
    let rss_rooms = rss_kib(pid);
    let cpu_before = cpu_ticks(pid);
    let own_before = cpu_ticks(std::process::id());
    let measure = Instant::now();
    go.notify_waiters();
    eprintln!(
        "load: {} rooms set up in {:.1} s; server {rss_rooms} KiB; playing for {} s",
        args.rooms,
        setup.as_secs_f64(),
        args.seconds
    );
    let mut all = Vec::new();
    let (mut games, mut failed) = (0, 0);
    for t in tasks {
        if let Ok(s) = t.await {
            all.extend(s.latencies_us);
            games += s.games;
            failed += usize::from(s.setup_failed);
        }
    }
    let wall = measure.elapsed().as_secs_f64();
    let cpu = (cpu_ticks(pid) - cpu_before) as f64 / tck;
    let own = (cpu_ticks(std::process::id()) - own_before) as f64 / tck;
    let rss_end = rss_kib(pid);
    drop(child.stdin.take());
    let mut rest = String::new();
    let _ = out.read_to_string(&mut rest);
    let _ = child.wait();

    all.sort_unstable();
    let pct = |p: f64| -> f64 {
        if all.is_empty() {
            return f64::NAN;
        }
        let i = ((all.len() - 1) as f64 * p).round() as usize;
        f64::from(all[i]) / 1000.0
    };
    let per_room = |kib: u64| (kib.saturating_sub(rss_empty)) as f64 / args.rooms as f64;
    println!(
        "rooms: {} (4 clients each; {failed} failed to set up)",
        args.rooms
    );
    println!("setup: {:.1} s", setup.as_secs_f64());
    println!(
        "actions: {} in {:.1} s = {:.0}/s; games finished: {games}",
        all.len(),
        wall,
        all.len() as f64 / wall
    );
    println!(
        "action -> event at all 4 clients (ms): p50 {:.2}, p90 {:.2}, p99 {:.2}, p99.9 {:.2}, max {:.2}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(0.999),
        pct(1.0)
    );
    println!(
        "server RSS: {rss_empty} KiB empty, {rss_rooms} KiB with the rooms set up, {rss_end} KiB at the end: {:.1} KiB / {:.1} KiB per room",
        per_room(rss_rooms),
        per_room(rss_end)
    );
    println!(
        "server CPU: {cpu:.1} s in {wall:.1} s = {:.0}% of one core; the clients: {own:.1} s = {:.0}%",
        100.0 * cpu / wall,
        100.0 * own / wall
    );
    print!("{rest}");
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        println!(
            "load average at the end (1, 5, 15 min): {}",
            load.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}

#[allow(clippy::too_many_arguments)]
async fn room(
    addr: SocketAddr,
    index: usize,
    rooms: usize,
    pace: Duration,
    seconds: u64,
    gate: Arc<tokio::sync::Semaphore>,
    ready: Arc<tokio::sync::Barrier>,
    go: Arc<tokio::sync::Notify>,
) -> Stats {
    let mut stats = Stats::default();
    let settings = settings(json!({"seats": [
        {"colour": "red", "player": "person"}, {"colour": "green", "player": "person"},
        {"colour": "yellow", "player": "person"}, {"colour": "blue", "player": "person"}
    ]}));
    let permit = gate.acquire().await.expect("the gate");
    let mut clients = Vec::new();
    let mut host = Client::connect(addr).await;
    let id = host.create(settings, "p0").await;
    host.take(0, "p0", "n0").await;
    clients.push(host);
    for seat in 1..4 {
        let mut c = Client::connect(addr).await;
        c.join(&id, None, 0).await;
        c.take(seat, &format!("p{seat}"), &format!("n{seat}")).await;
        clients.push(c);
    }
    let last = clients[3].last();
    for c in &mut clients {
        c.catch_up(last).await;
    }
    drop(permit);
    let notified = go.notified();
    ready.wait().await;
    notified.await;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    // Spread the rooms' actions over the pace.
    tokio::time::sleep(pace.mul_f64(index as f64 / rooms as f64)).await;
    let mut playing = false;
    while Instant::now() < deadline {
        let target = clients[0].last() + 1;
        let t0;
        if !playing || clients[0].view.ended.is_some() {
            t0 = Instant::now();
            clients[0].send(Request::Start).await;
            playing = true;
            if clients[0].view.ended.is_some() {
                stats.games += 1;
            }
        } else {
            let pos = clients[0].view.position.expect("a game");
            if pos.is_over() {
                // The `over` event follows the winning move.
                for c in &mut clients {
                    c.catch_up(target).await;
                }
                continue;
            }
            let seat = turn_seat(&clients[0].view).unwrap_or(0);
            let action = greedy(&clients[seat].view).expect("an action");
            t0 = Instant::now();
            clients[seat].send(action).await;
        }
        let arrived = futures_util::future::join_all(clients.iter_mut().map(|c| async move {
            c.catch_up(target).await;
            Instant::now()
        }))
        .await;
        let slowest = arrived.into_iter().max().unwrap_or(t0);
        let us = slowest
            .duration_since(t0)
            .as_micros()
            .min(u128::from(u32::MAX)) as u32;
        stats.latencies_us.push(us);
        tokio::time::sleep(pace).await;
    }
    for c in clients {
        c.close().await;
    }
    stats
}
