//! The messages are as docs/online.md shows them: every JSON example of
//! its "Messages" section is read with these types and written back the
//! same (the server's messages to the letter), every request, message and
//! event kind has an example there, and the error table names exactly the
//! codes there are. A field or kind added to the code and not to the doc,
//! or the other way round, fails here.

use barricade_protocol::{ErrorCode, Event, Request, ServerMessage};
use serde_json::Value;

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/online.md");
    std::fs::read_to_string(path).expect("docs/online.md")
}

/// The text of `doc` from the heading `from` to the next heading of the
/// same level or higher.
fn section<'a>(doc: &'a str, from: &str) -> &'a str {
    let start = doc.find(from).unwrap_or_else(|| panic!("no {from}"));
    let level = from.chars().take_while(|c| *c == '#').count();
    let rest = &doc[start + from.len()..];
    let end = rest
        .match_indices("\n#")
        .find(|(i, _)| {
            let hashes = rest[i + 1..].chars().take_while(|c| *c == '#').count();
            hashes <= level
        })
        .map_or(rest.len(), |(i, _)| i);
    &rest[..end]
}

/// Every JSON value in the ```json blocks of `text`, with its text.
fn examples(text: &str) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for block in text.split("```json\n").skip(1) {
        let block = &block[..block.find("```").expect("a closed block")];
        let mut values = serde_json::Deserializer::from_str(block).into_iter::<Value>();
        let mut at = 0;
        while let Some(v) = values.next() {
            let end = values.byte_offset();
            out.push((block[at..end].trim().to_string(), v.expect("JSON")));
            at = end;
        }
    }
    out
}

/// Each request's `type` (a new request fails to compile here).
fn request_type(r: &Request) -> &'static str {
    match r {
        Request::Create { .. } => "create",
        Request::Join { .. } => "join",
        Request::Take { .. } => "take",
        Request::Nonce { .. } => "nonce",
        Request::Start => "start",
        Request::Roll => "roll",
        Request::Move { .. } => "move",
        Request::Pass => "pass",
        Request::Back => "back",
        Request::Leave => "leave",
    }
}
const REQUESTS: usize = 10;

fn message_type(m: &ServerMessage) -> &'static str {
    match m {
        ServerMessage::Created { .. } => "created",
        ServerMessage::Welcome { .. } => "welcome",
        ServerMessage::Seated { .. } => "seated",
        ServerMessage::Event { .. } => "event",
        ServerMessage::Error { .. } => "error",
        ServerMessage::Left => "left",
    }
}
const MESSAGES: usize = 6;

fn event_kind(e: &Event) -> &'static str {
    match e {
        Event::Opened { .. } => "opened",
        Event::SeatTaken { .. } => "seat_taken",
        Event::SeatFreed { .. } => "seat_freed",
        Event::Presence { .. } => "presence",
        Event::Started { .. } => "started",
        Event::Rolled { .. } => "rolled",
        Event::Played { .. } => "played",
        Event::StandIn { .. } => "stand_in",
        Event::Over { .. } => "over",
    }
}
const EVENTS: usize = 9;

fn codes() -> Vec<ErrorCode> {
    use ErrorCode::*;
    let all = [
        BadMessage,
        TooBig,
        RateLimited,
        UnknownRoom,
        BadToken,
        NoSpectators,
        RoomFull,
        TooManyRooms,
        SinceAhead,
        BadSettings,
        NotInRoom,
        NotHost,
        NoSeat,
        NotYourTurn,
        BadSeat,
        SeatTaken,
        SeatFree,
        GameRunning,
        NoGame,
        BadMove,
        Illegal,
        BadNonce,
        BadName,
        Internal,
    ];
    // A new code fails to compile here until it is listed above.
    for c in all {
        match c {
            BadMessage | TooBig | RateLimited | UnknownRoom | BadToken | NoSpectators
            | RoomFull | TooManyRooms | SinceAhead | BadSettings | NotInRoom | NotHost | NoSeat
            | NotYourTurn | BadSeat | SeatTaken | SeatFree | GameRunning | NoGame | BadMove
            | Illegal | BadNonce | BadName | Internal => {}
        }
    }
    all.to_vec()
}

#[test]
fn every_request_in_the_doc_reads_and_writes_back_the_same() {
    let doc = doc();
    let mut seen = std::collections::BTreeSet::new();
    for (text, value) in examples(section(&doc, "### What a client sends")) {
        let r: Request =
            serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(serde_json::to_value(&r).unwrap(), value, "{text}");
        seen.insert(request_type(&r));
    }
    assert_eq!(
        seen.len(),
        REQUESTS,
        "every request has an example: {seen:?}"
    );
}

#[test]
fn every_server_message_and_event_in_the_doc_is_written_to_the_letter() {
    let doc = doc();
    let mut types = std::collections::BTreeSet::new();
    let mut kinds = std::collections::BTreeSet::new();
    let shown = [
        examples(section(&doc, "### What the server sends")),
        examples(section(&doc, "### Events")),
    ];
    for (text, value) in shown.into_iter().flatten() {
        let m: ServerMessage =
            serde_json::from_value(value).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(serde_json::to_string(&m).unwrap(), text);
        types.insert(message_type(&m));
        if let ServerMessage::Event { event, .. } = &m {
            kinds.insert(event_kind(event));
        }
    }
    assert_eq!(
        types.len(),
        MESSAGES,
        "every message has an example: {types:?}"
    );
    assert_eq!(
        kinds.len(),
        EVENTS,
        "every event kind has an example: {kinds:?}"
    );
}

#[test]
fn the_error_table_names_every_code() {
    let doc = doc();
    let documented: Vec<&str> = section(&doc, "### Errors")
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    let codes: Vec<&str> = codes().into_iter().map(ErrorCode::as_str).collect();
    assert_eq!(documented, codes);
    for code in codes {
        let read: ErrorCode = serde_json::from_str(&format!("\"{code}\"")).unwrap();
        assert_eq!(read.as_str(), code);
    }
}

#[test]
fn unknown_fields_are_ignored_and_unknown_types_refused() {
    let r: Request = serde_json::from_str(r#"{"type":"join","room":"ab","later":[1,2]}"#).unwrap();
    assert_eq!(
        r,
        Request::Join {
            room: "ab".into(),
            token: None,
            since: 0
        }
    );
    let m: ServerMessage = serde_json::from_str(
        r#"{"type":"event","n":3,"x":1,"event":{"kind":"seat_freed","seat":1,"y":true}}"#,
    )
    .unwrap();
    assert_eq!(
        m,
        ServerMessage::Event {
            n: 3,
            event: Event::SeatFreed { seat: 1 }
        }
    );
    for bad in [
        r#"{"type":"teleport"}"#,
        r#"{"type":"event","n":3,"event":{"kind":"meteor"}}"#,
        r#"{"type":"event","n":-1,"event":{"kind":"seat_freed","seat":1}}"#,
        r#"{"type":"seated"}"#,
        "[1,2]",
        "{not json",
    ] {
        assert!(serde_json::from_str::<ServerMessage>(bad).is_err(), "{bad}");
    }
}
